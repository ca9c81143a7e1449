// The journeys read the same Lao texts the player sees, from the files the app loads.
import account from '../../public/locales/lo/account.json';
import auth from '../../public/locales/lo/auth.json';
import common from '../../public/locales/lo/common.json';
import layout from '../../public/locales/lo/layout.json';
import money from '../../public/locales/lo/money.json';
import errors from '../../public/locales/lo/errors.json';
import protection from '../../public/locales/lo/protection.json';
import authCn from '../../public/locales/cn/auth.json';
import layoutCn from '../../public/locales/cn/layout.json';
import authTh from '../../public/locales/th/auth.json';
import commonTh from '../../public/locales/th/common.json';
import layoutTh from '../../public/locales/th/layout.json';
import moneyTh from '../../public/locales/th/money.json';
import protectionTh from '../../public/locales/th/protection.json';
import authVn from '../../public/locales/vn/auth.json';
import layoutVn from '../../public/locales/vn/layout.json';

export const lo = { account, auth, common, layout, money, errors, protection };
export const th = {
  auth: authTh,
  common: commonTh,
  layout: layoutTh,
  money: moneyTh,
  protection: protectionTh,
};
export const cn = { auth: authCn, layout: layoutCn };
export const vn = { auth: authVn, layout: layoutVn };

/** An exact-text pattern, for role queries that must not match longer labels. */
export const exact = (text: string): RegExp =>
  new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
