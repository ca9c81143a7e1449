// The journeys read the same Lao texts the player sees, from the files the app loads.
import auth from '../../public/locales/lo/auth.json';
import common from '../../public/locales/lo/common.json';
import layout from '../../public/locales/lo/layout.json';
import money from '../../public/locales/lo/money.json';
import errors from '../../public/locales/lo/errors.json';
import authCn from '../../public/locales/cn/auth.json';
import authVn from '../../public/locales/vn/auth.json';

export const lo = { auth, common, layout, money, errors };
export const cn = { auth: authCn };
export const vn = { auth: authVn };

/** An exact-text pattern, for role queries that must not match longer labels. */
export const exact = (text: string): RegExp =>
  new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
