// First step of `npm run build` (and of `npm run dev`): writes antd's styles for the components the site
// uses, in its theme, to build/antd/antd.css, and those of the few large components only some pages use
// to build/antd/antd-<group>.css (src/prerender/antdComponents.ts). src/ui/AntdProvider.tsx imports the
// first, so it travels with antd's own chunk; the modules using a grouped component import its sheet. The
// production build renders antd without generating styles (zeroRuntime).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { bundleForNode } from './bundleForNode.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'build/antd');
const bundle = path.join(out, 'extract.cjs');

mkdirSync(out, { recursive: true });
await bundleForNode(path.join(root, 'src/prerender/antdStyles.tsx'), bundle, {
  jsx: 'automatic',
  tsconfig: path.join(root, 'tsconfig.json'),
  define: { 'process.env.NODE_ENV': '"production"' },
});
const { antdStyleSheets } = createRequire(import.meta.url)(bundle);
for (const [name, css] of Object.entries(antdStyleSheets())) {
  const { code } = await transform(css, { loader: 'css', minify: true });
  writeFileSync(path.join(out, `${name}.css`), code);
  console.log(`antd styles → build/antd/${name}.css (${Math.round(code.length / 1024)} KB)`);
}
