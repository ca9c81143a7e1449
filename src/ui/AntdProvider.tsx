import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import thTH from 'antd/es/locale/th_TH';
import viVN from 'antd/es/locale/vi_VN';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/lo';
import 'dayjs/locale/th';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { antdLao } from '@/i18n/antdLao';
import type { Language } from '@/i18n/languages';
import { selectLanguage } from '@/i18n/localeSlice';
import { useAppSelector } from '@/lib/storeHooks';
import { ButtonSpinner } from './ButtonSpinner';
import { STATUS_ICONS } from './statusIcons';
import { SvgIcon } from './SvgIcon';
import { theme } from './theme';
// antd's styles, extracted at build time (scripts/extractAntdStyles.mjs): loaded with this chunk, before
// any antd component renders, in place of the styles antd would otherwise generate while rendering.
import '@build/antd/antd.css';

// Bundled with antd (not the entry chunk), all four at once: a locale arriving later would make
// ConfigProvider wrap its children in a new provider and remount the page.
// antd ships no Lao locale: the site has its own (src/i18n/antdLao.ts).
const ANTD_LOCALES: Record<Language, Locale> = { lo: antdLao, th: thTH, cn: zhCN, vn: viVN };
const DAYJS_LOCALES: Record<Language, string> = { lo: 'lo', th: 'th', cn: 'zh-cn', vn: 'vi' };

// A busy button's spinner, which antd would name "loading" in English (ButtonSpinner.tsx).
const BUTTON = { loadingIcon: <ButtonSpinner /> };
// Status icons, which antd would name "info-circle" and the like in English (statusIcons.tsx).
const STATUS = {
  successIcon: STATUS_ICONS.success,
  infoIcon: STATUS_ICONS.info,
  warningIcon: STATUS_ICONS.warning,
  errorIcon: STATUS_ICONS.error,
};
// A dialog's (or an alert's, or a drawer's) close button is named in the page's language (its closable
// aria-label); the icon, which antd would name "close" in English, is hidden from screen readers.
const ALERT = { ...STATUS, closeIcon: <SvgIcon icon={CloseOutlined} /> };
const MODAL = { ...STATUS, closeIcon: <SvgIcon icon={CloseOutlined} /> };
const DRAWER = { closeIcon: <SvgIcon icon={CloseOutlined} /> };
// A select's arrow, which antd would name "down" (or "search" while searching) in English.
const SELECT = { suffixIcon: <SvgIcon icon={DownOutlined} /> };

/** antd's theme and locale, and dayjs's locale, following the chosen language. Loaded with the first page. */
export default function AntdProvider({ children }: { children: ReactNode }) {
  const language = useAppSelector(selectLanguage);

  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[language]);
  }, [language]);

  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      theme={theme}
      modal={MODAL}
      alert={ALERT}
      drawer={DRAWER}
      select={SELECT}
      button={BUTTON}
    >
      {children}
    </ConfigProvider>
  );
}
