import type { ThemeConfig } from 'antd';

/**
 * The back office's antd theme: the brand's colours (contrast checked on the player site), with antd's
 * run-time styles: its build has no extracted stylesheet, and staff screens use many more components.
 */
export const backofficeTheme: ThemeConfig = {
  token: {
    colorPrimary: '#b8321e',
    colorLink: '#a12b19',
    colorInfo: '#9a6700',
    colorError: '#c41d1d',
    colorSuccess: '#237804',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // An empty table's "No data" is read, not disabled: antd's own grey is below AA on white.
    colorTextDisabled: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 6,
  },
};
