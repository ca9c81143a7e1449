// Part of `npm run build`: renders the public pages (/, /login, /register) to HTML at build time, so a
// visitor on a slow phone sees the page before any JavaScript has arrived. The server sends these files to
// requests without a session (server/src/http/static.ts), and the app hydrates them (src/main.tsx).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from './bundleForNode.mjs';
import { cssModulesForPrerender } from './cssModuleNames.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const bundle = path.join(root, 'build/prerender/render.cjs');

/** Path → file name under dist/prerendered/; written there as manifest.json, which the server reads. */
const PAGES = { '/': 'home.html', '/login': 'login.html', '/register': 'register.html' };

await bundleForNode(path.join(root, 'src/prerender/render.tsx'), bundle, {
  jsx: 'automatic',
  tsconfig: path.join(root, 'tsconfig.json'),
  // Styles come from the build's own CSS file; assets are referenced by URL in the markup.
  // CSS modules give the markup their class names (the same as webpack's); their CSS is in that file too.
  plugins: [cssModulesForPrerender],
  loader: { '.css': 'empty', '.svg': 'empty', '.woff': 'empty', '.woff2': 'empty', '.png': 'empty' },
  define: { 'process.env.NODE_ENV': '"production"' },
});

const { setTexts, renderPage } = createRequire(import.meta.url)(bundle);
const lo = Object.fromEntries(
  readdirSync(path.join(root, 'public/locales/lo')).map((file) => [
    path.basename(file, '.json'),
    JSON.parse(readFileSync(path.join(root, 'public/locales/lo', file), 'utf8')),
  ]),
);
setTexts({ lo });

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>') && !template.includes('<div id=root></div>')) {
  throw new Error('dist/index.html has no empty <div id="root">');
}
mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const [url, file] of Object.entries(PAGES)) {
  const { html, styles } = await renderPage(url);
  const page = template
    .replace(/<div id="?root"?><\/div>/, `<div id="root" data-prerendered="${url}">${html}</div>`)
    .replace('</head>', `${styles}</head>`);
  writeFileSync(path.join(dist, 'prerendered', file), page);
  console.log(`pre-rendered ${url} → dist/prerendered/${file} (${Math.round(page.length / 1024)} KB)`);
}
writeFileSync(path.join(dist, 'prerendered', 'manifest.json'), JSON.stringify(PAGES, null, 2) + '\n');
