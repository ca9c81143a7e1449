// Part of `npm run build`: renders the pages with a fixed address to HTML at build time, so a phone on a
// slow link sees the page before any JavaScript has arrived. The server sends the visitor pages to requests
// without a session and the /player pages (shell and loading state, no player's data) to requests with
// one (server/src/http/static.ts); the app hydrates them (src/main.tsx).
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleForNode } from './bundleForNode.mjs';
import { cssModulesForPrerender } from './cssModuleNames.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const bundle = path.join(root, 'build/prerender/render.cjs');

/** "/" → home.html, "/player/deposit" → player-deposit.html */
const fileFor = (url) => (url === '/' ? 'home.html' : `${url.slice(1).replace(/\//g, '-')}.html`);

/**
 * The app imports a few antd internals from its ES build (`antd/es/card/style`), and antd itself from its
 * CommonJS build here: two copies of antd's theme context, and the internals would not see the site's
 * theme (their CSS-variable scope class would be antd's default). One copy, as in Jest.
 */
const antdOneCopy = {
  name: 'antd-one-copy',
  setup(build) {
    build.onResolve({ filter: /^antd\/es\// }, ({ path: request, kind, resolveDir }) =>
      build.resolve(request.replace(/^antd\/es\//, 'antd/lib/'), { kind, resolveDir }),
    );
  },
};

await bundleForNode(path.join(root, 'src/prerender/render.tsx'), bundle, {
  jsx: 'automatic',
  tsconfig: path.join(root, 'tsconfig.json'),
  // Styles come from the build's own CSS file; assets are referenced by URL in the markup.
  // CSS modules give the markup their class names (the same as webpack's); their CSS is in that file too.
  plugins: [cssModulesForPrerender, antdOneCopy],
  loader: { '.css': 'empty', '.svg': 'empty', '.woff': 'empty', '.woff2': 'empty', '.png': 'empty' },
  define: { 'process.env.NODE_ENV': '"production"' },
});

const { setTexts, setPageChunks, renderPage, pageDocument, prerenderedPaths } = createRequire(
  import.meta.url,
)(bundle);
// Each page's chunk group (webpack.config.ts, PageChunksPlugin): the page names its files with the app's.
setPageChunks(JSON.parse(readFileSync(path.join(dist, 'prerendered', 'page-chunks.json'), 'utf8')));
/**
 * Path → its file under dist/prerendered/ and who it is for ('visitor', 'player' or 'open'); written there
 * as manifest.json, which the server reads.
 */
const PAGES = Object.fromEntries(
  prerenderedPaths().map(({ path: url, access }) => [url, { file: fileFor(url), access }]),
);
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

// A pre-rendered page names one small script, which asks for the app's scripts once the page is painted
// (src/prerender/loadAppAfterPaint.ts); the plain shell (index.html) keeps naming them itself.
const { outputFiles } = await build({
  entryPoints: [path.join(root, 'src/prerender/loadAppAfterPaint.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  write: false,
});
const loaderCode = outputFiles[0].text;
const loaderFile = `after-paint.${createHash('sha256').update(loaderCode).digest('hex').slice(0, 10)}.js`;
writeFileSync(path.join(dist, loaderFile), loaderCode);
/** A deferred <script> of the app, as html-webpack-plugin writes it (minified or not). */
const APP_SCRIPT = /<script defer(?:="?defer"?)? src="?([^" >]+)"?><\/script>/g;
const sources = [...template.matchAll(APP_SCRIPT)].map((m) => m[1]).join(' ');
if (!sources) throw new Error('dist/index.html names no deferred script');
/** The app's scripts replaced by the loader, where the first of them stood. */
const paintFirst = (html) => {
  let first = true;
  return html.replace(APP_SCRIPT, () => {
    if (!first) return '';
    first = false;
    return `<script defer src="/${loaderFile}" data-app="${sources}"></script>`;
  });
};
for (const [url, { file }] of Object.entries(PAGES)) {
  const page = pageDocument(paintFirst(template), url, await renderPage(url));
  // antd's default scope class: a component drawn outside the site's theme (see antdOneCopy).
  if (page.includes('css-var-root')) throw new Error(`${url}: an antd component missed the site's theme`);
  writeFileSync(path.join(dist, 'prerendered', file), page);
  console.log(`pre-rendered ${url} → dist/prerendered/${file} (${Math.round(page.length / 1024)} KB)`);
}
writeFileSync(path.join(dist, 'prerendered', 'manifest.json'), JSON.stringify(PAGES, null, 2) + '\n');
// The server renders a few pages per request with their public data (a lobby's games): it uses the same
// bundle and the same page template (server/src/http/pageRender.ts). Neither is served as a file.
copyFileSync(bundle, path.join(dist, 'prerendered', 'render.cjs'));
writeFileSync(path.join(dist, 'prerendered', 'template.html'), paintFirst(template));
