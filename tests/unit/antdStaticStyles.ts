// antd draws here as in the browser's production build: without generating its styles while rendering
// (zeroRuntime, src/ui/theme.ts). jsdom applies no stylesheet to what the tests read (getComputedStyle is
// the elements' own styles, jest.setup.ts), so generating and injecting antd's sheets was only cost: about
// a sixth of the web tests' CPU.
process.env.ANTD_STYLES = 'static';
