// Part of `npm run build` (after webpack, whose output.clean would remove it): bundles the sandbox game
// studio (studio/src) into dist/studio/studio.js and studio.css, apart from the player app's chunks.
// `--watch` rebuilds on change (npm run dev); `--out <dir>` writes elsewhere. Exported for scripts/start.mjs.
import { context } from 'esbuild';
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The gzip budget of studio.js plus studio.css. */
const BUDGET_BYTES = 15 * 1024;

const options = (outdir, minify) => ({
  entryPoints: { studio: path.join(root, 'studio/src/main.ts') },
  outdir,
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify,
  sourcemap: false,
  tsconfig: path.join(root, 'studio/tsconfig.json'),
  legalComments: 'none',
  logLevel: 'warning',
});

/** Builds once; returns the gzip size of the bundle and warns above the budget. */
export async function buildStudio(outdir = path.join(root, 'dist/studio')) {
  const ctx = await context(options(outdir, true));
  await ctx.rebuild();
  await ctx.dispose();
  const gzip = ['studio.js', 'studio.css']
    .map((file) => gzipSync(readFileSync(path.join(outdir, file))).length)
    .reduce((a, b) => a + b, 0);
  const raw = ['studio.js', 'studio.css'].map((file) => statSync(path.join(outdir, file)).size);
  console.log(
    `studio: ${path.relative(root, outdir)}/studio.js + studio.css (${raw.join(' + ')} bytes, ${gzip} gzip)`,
  );
  if (gzip > BUDGET_BYTES) console.warn(`studio: over its ${BUDGET_BYTES} byte gzip budget`);
  return gzip;
}

async function watchStudio(outdir) {
  const ctx = await context(options(outdir, false));
  await ctx.watch();
  console.log(`studio: watching studio/src → ${path.relative(root, outdir)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const out = args.includes('--out') ? path.resolve(args[args.indexOf('--out') + 1]) : undefined;
  if (args.includes('--watch')) await watchStudio(out ?? path.join(root, 'dist/studio'));
  else await buildStudio(out);
}
