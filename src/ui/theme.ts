import type { ThemeConfig } from 'antd';

/** Brand colours chosen for WCAG AA contrast on white (primary 4.9:1) and on the dark header. */
export const theme: ThemeConfig = {
  // A fixed key instead of one from React's useId: the pages rendered at build time and in the browser
  // then name antd's CSS variables the same, and the browser can take over the pre-rendered markup.
  cssVar: { key: 'antd-vars' },
  // In the browser's production build antd generates no style while rendering: its styles come from a
  // stylesheet extracted at build time (scripts/extractAntdStyles.mjs), set by webpack.config.ts. The web
  // tests draw the same way (tests/unit/antdStaticStyles.ts). The pages the server renders and
  // development keep antd's run-time styles, the same rules: the server's pages inline those they use.
  zeroRuntime: process.env.ANTD_STYLES === 'static',
  token: {
    colorPrimary: '#b8321e',
    colorLink: '#a12b19',
    // Every colour antd would otherwise take from its default blue (info alerts, progress bars, processing
    // tags and badges) comes from the brand's gold, darkened to 4.8:1 on white for text.
    colorInfo: '#9a6700',
    borderRadius: 8,
    // antd's error red (#ff4d4f) and success green (#52c41a) are below 4.5:1 as text on white and under
    // white button text: a signed result, a refusal or a danger button must stay readable.
    colorError: '#c41d1d',
    colorSuccess: '#237804',
    // antd's default greys for hints, help and placeholders fall below 4.5:1 on white: darken them.
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // The page's stack (global.css), so antd's components and the page's own text use the same fonts.
    fontFamily: 'var(--font-family)',
  },
};
