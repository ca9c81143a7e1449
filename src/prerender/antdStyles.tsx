// Build-time extraction of antd's styles (scripts/extractAntdStyles.mjs): nothing here runs in the browser.
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { theme } from '@/ui/theme';
import { ANTD_COMPONENTS } from './antdComponents';

/**
 * antd's styles for those components, in the site's theme, as one stylesheet. The production build sets
 * antd's zeroRuntime (ui/theme.ts) and loads this file with antd's code instead: no style is generated on
 * a phone's main thread while a page renders.
 */
export function antdStyleSheet(): string {
  return extractStyle({
    includes: [...ANTD_COMPONENTS],
    customTheme: (node) => <ConfigProvider theme={{ ...theme, zeroRuntime: false }}>{node}</ConfigProvider>,
  });
}
