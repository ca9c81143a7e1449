import dayjs from 'dayjs';
import 'dayjs/locale/lo';
import 'dayjs/locale/th';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { Language } from '@/i18n/languages';

dayjs.extend(relativeTime);

/** dayjs's names for the site's languages (as AntdProvider's). */
const DAYJS_LOCALES: Record<Language, string> = { lo: 'lo', th: 'th', cn: 'zh-cn', vn: 'vi' };

/**
 * How long until `endsAt` in the player's language, e.g. "3 ມື້"; undefined without an end or once it
 * has passed. The language is passed in rather than read from dayjs's global locale, which AntdProvider
 * sets only after a language change has rendered.
 */
export function timeLeft(endsAt: string | undefined, language: Language, now = dayjs()): string | undefined {
  if (!endsAt) return undefined;
  const end = dayjs(endsAt);
  return end.isAfter(now) ? end.locale(DAYJS_LOCALES[language]).from(now, true) : undefined;
}
