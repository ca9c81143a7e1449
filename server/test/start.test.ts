import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createTestApp, TEST_PASSWORD, uniqueUsername } from './helpers';

/**
 * `npm start` as an operator runs it, stopped as a supervisor stops it: a signal to the npm process only.
 * A request in flight is answered, new connections are refused, the process exits 0 within 10 s, and the
 * embedded database opens again cleanly afterwards. Embedded database only (a fresh PGlite directory),
 * so it runs the same on both test runs.
 */

const ROOT = path.resolve(__dirname, '../..');
const STOPS_WITHIN_MS = 10_000;

interface Site {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` on dataDir, with a stand-in web build in dir (so no webpack build runs). */
async function npmStart(dir: string, dataDir: string): Promise<Site> {
  const web = path.join(dir, 'web');
  mkdirSync(path.join(web, 'studio'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>site</title>');
  writeFileSync(path.join(web, 'studio', 'studio.js'), '');
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      WEB_DIR: web,
      PORT: '0',
      HOST: '127.0.0.1',
      // "incoming request" lines tell the test when its request has reached the server.
      LOG_LEVEL: 'info',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that a failed test can kill npm and everything under it.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = Date.now();
  while (!output.includes('ready at') && Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = /ready at (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
  if (!url) throw new Error(`npm start did not get ready:\n${output}`);
  return { child, url: url[1]!, port: Number(url[2]), output: () => output, exited };
}

/** A JSON call as the web app makes it; answers the status, body and session cookie. */
async function callSite(site: Site, method: string, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(site.url + url, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: site.url,
      ...(cookie ? { cookie } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const setCookie = res.headers.get('set-cookie');
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    cookie: setCookie ? setCookie.split(';')[0]! : undefined,
  };
}

/** Resolves once a new connection to the port is refused. */
async function refusedWithin(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
    });
    if (refused) return;
    if (Date.now() > until) throw new Error(`port ${port} still took connections after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(['SIGTERM', 'SIGINT'] as const)('npm start stopped by %s', (signal) => {
  let dir: string;
  let dataDir: string;
  let site: Site | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'player-site-start-'));
    // A database made the tests' fast way (a copied template, migrated and seeded), left for the site:
    // a fresh directory would spend seconds in initdb.
    const made = await createTestApp({ env: { DATABASE_URL: '' }, keep: true });
    await made.close();
    dataDir = made.database;
  });
  afterAll(() => {
    if (site && site.child.exitCode === null) process.kill(-site.child.pid!, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('answers the money call in flight, refuses new connections, exits 0 within 10 s; the data reopens', async () => {
    site = await npmStart(dir, dataDir);
    const username = uniqueUsername('stop');
    const password = TEST_PASSWORD;
    expect(
      (
        await callSite(site, 'POST', '/api/v2/players/register', {
          username,
          password,
          confirmPassword: password,
          fingerprint: 'fp',
        })
      ).status,
    ).toBe(201);
    const { cookie } = await callSite(site, 'POST', '/api/v2/players/login', { username, password });
    const account = await callSite(
      site,
      'POST',
      '/api/v2/players/bank-accounts',
      { bank: 'bcel', accountNumber: '0123456789012', accountName: 'SOMCHAI PHOMMAVONG', currency: 'LAK' },
      cookie,
    );
    expect(account.status).toBe(201);

    // A deposit whose body is only half sent when the signal comes: the server holds it in flight.
    const body = JSON.stringify({ provider: 'alphabet', mid: 'MID-LAOQR-01', bank: 'bcel', amount: 100_000 });
    const requestId = `stop-${randomUUID()}`;
    const idempotencyKey = randomUUID();
    const req = http.request(`${site.url}/api/v2/deposits`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: site.url,
        cookie: cookie!,
        'idempotency-key': idempotencyKey,
        'x-request-id': requestId,
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 10));
    const reached = Date.now();
    while (!site.output().includes(`"reqId":"${requestId}"`)) {
      if (Date.now() - reached > 10_000)
        throw new Error(`the request never reached the server:\n${site.output()}`);
      await new Promise((r) => setTimeout(r, 20));
    }

    const signalled = Date.now();
    process.kill(site.child.pid!, signal);
    await refusedWithin(site.port, 5_000);
    req.end(body.slice(10));
    const deposit = await answered;
    expect(deposit.status).toBe(201);
    const code = (JSON.parse(deposit.body) as { order: { code: string } }).order.code;

    let timer: NodeJS.Timeout | undefined;
    const exitCode = await Promise.race([
      site.exited,
      new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOPS_WITHIN_MS))),
    ]);
    clearTimeout(timer);
    // With the output beside it, so that a failure shows why.
    expect({ exitCode, output: site.output() }).toEqual({ exitCode: 0, output: expect.any(String) });
    expect(Date.now() - signalled).toBeLessThan(STOPS_WITHIN_MS);

    // The directory was closed cleanly: it opens in another process, with the deposit in it.
    const db = new PGlite(dataDir);
    try {
      const orders = await db.query<{ code: string }>('SELECT code FROM orders WHERE code = $1', [code]);
      expect(orders.rows).toEqual([{ code }]);
    } finally {
      await db.close();
    }
  }, 90_000);
});
