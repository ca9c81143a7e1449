import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(__dirname, '../..');
const OUT_DIR = path.join(ROOT, 'build', 'test-bundles');

const bundles = new Map<string, Promise<string>>();

/**
 * A TypeScript entry (relative to the repository) bundled once per test process into one CommonJS file, as
 * `npm start` runs the server. Tests that start many child processes spawn this: under tsx every child would
 * compile each module of the server again (seconds per child on this machine).
 */
export function bundledScript(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    const outfile = path.join(OUT_DIR, `${path.basename(entry, '.ts')}-${process.pid}.cjs`);
    bundle = build({
      entryPoints: [path.join(ROOT, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    }).then(() => outfile);
    bundles.set(entry, bundle);
  }
  return bundle;
}

/** Deletes this process's bundles (afterAll of the tests that made them). */
export async function removeBundles(): Promise<void> {
  for (const bundle of bundles.values()) {
    const outfile = await bundle.catch(() => undefined);
    if (!outfile) continue;
    rmSync(outfile, { force: true });
    rmSync(`${outfile}.map`, { force: true });
  }
  bundles.clear();
}
