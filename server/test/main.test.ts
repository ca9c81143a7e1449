import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundledScript, removeBundles } from './nodeBundles';
import { TEST_WASM_FLAGS } from './wasmFlags';

afterAll(() => removeBundles());

// The production entry point as `npm start` runs it (its esbuild bundle): a real process, a real port, a
// clean stop on SIGTERM.
// Embedded database only (a fresh PGlite directory), so it runs the same everywhere.
test('main.ts starts, serves the API and stops cleanly on SIGTERM', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'player-site-main-'));
  const child = spawn(process.execPath, [TEST_WASM_FLAGS, await bundledScript('server/src/main.ts')], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIR: path.join(dir, 'web'),
      // The system picks a free port (a random one once collided with another test's socket).
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    const started = Date.now();
    while (!output.includes('ready at') && Date.now() - started < 50_000) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const url = /ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(url).toBeDefined();
    const res = await fetch(`${url}/api/v2/agency/info`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { agency: { id: string } }).agency.id).toBe('agency-vientiane');

    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
