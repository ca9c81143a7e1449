import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { TEST_WASM_FLAGS } from './wasmFlags';

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

/**
 * The production entry point as `npm start` runs it (its esbuild bundle), started with `env` and awaited
 * until it says it is ready: the process and its address. Fails with what it printed if it exits first.
 */
export async function startBundledServer(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [TEST_WASM_FLAGS, await bundledScript('server/src/main.ts')], {
    cwd: path.resolve(__dirname, '../..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const started = Date.now();
  while (!output.includes('ready at') && Date.now() - started < 50_000) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const url = /ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  if (!url) {
    child.kill('SIGKILL');
    throw new Error(`server not ready:\n${output}`);
  }
  return { child, url };
}
