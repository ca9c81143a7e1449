import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeBundles, startBundledServer } from './nodeBundles';

afterAll(() => removeBundles());

// The production entry point as `npm start` runs it (its esbuild bundle): a real process, a real port, a
// clean stop on SIGTERM.
// Embedded database only (a fresh PGlite directory), so it runs the same everywhere.
test('main.ts starts, serves the API and stops cleanly on SIGTERM', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'player-site-main-'));
  const { child, url } = await startBundledServer({
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIR: path.join(dir, 'web'),
    // The system picks a free port (a random one once collided with another test's socket).
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  try {
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
