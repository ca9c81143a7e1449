// `npm run bench`: measures the production build, the pages in Lighthouse, the API under load, the ledger,
// start-up time and memory, and writes bench/report.json and bench/report.md. Timings are reported against
// the budgets, never asserted: a miss is written down with its size, not turned into a failing test.
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import pg from 'pg';
import { scanPlayerBuild } from '../tests/e2e/checks/backofficeNames.ts';
import { VISITOR_PROBES, watchBrowserConsole } from '../tests/e2e/checks/browserConsole.ts';
import {
  calibrate,
  measureInteractions,
  measurePage,
  openBrowser,
  PHONE_INDEX,
  servePlainShell,
} from './lighthouse.mts';
import { measureLedger, measurePgbenchSameWrites } from './ledger.mts';
import { measurePgbenchBet, measureWalletBets, measureWalletHttp } from './wallet.mts';

const root = new URL('..', import.meta.url).pathname;
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const adminUrl = process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/test';
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const want = (part: string) => only.size === 0 || only.has(part);

export const budgets = {
  /** The Lighthouse score on the mid tier. */
  performance: 95,
  /** On the low tier (issue 49): LCP, TBT at most this and at most tbtOfShell of the plain shell's, CLS. */
  lcpMs: 2500,
  tbtMs: 300,
  tbtOfShell: 0.25,
  /** Each interaction's INP, low tier (Lighthouse user flow, timespan). */
  inpMs: 200,
  cls: 0.01,
  /** A money form usable (a post would succeed) on the slow link: first and repeat visit (issue 29). */
  slowFirstMs: 2500,
  slowRepeatMs: 1500,
  firstRouteJsGzipKb: 160,
  /**
   * Every read the pages use: at least this share of its reference's req/s (a bare route doing the same
   * session check, headers and answer size), at 100 connections (issue 49).
   */
  apiRatio: 0.9,
  /** p99 at most this many times the reference's p99, at 100 connections. */
  apiP99OfReference: 1.5,
  ledgerOpsPerSec: 1000,
  /** The ledger's money operations/s against pgbench doing the same writes, same server and clients (issue 49). */
  ledgerOfPgbench: 0.9,
  /** The seamless wallet over HTTP at a steady 500 calls/s from 100 players at 4 providers (issue 47). */
  walletP99Ms: 100,
  walletRate: 500,
  /** A bet in process against pgbench running its statements, same clients (issue 47). */
  walletBetOfPgbench: 0.8,
  startMs: 3000,
  memoryMb: 512,
};

type Server = { child: ChildProcess; url: string; port: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now() - t0;
    } catch {
      // not listening yet
    }
    if (Date.now() - t0 > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(25);
  }
}

function startServer(port: number, env: Record<string, string>): Server {
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { child, url: `http://127.0.0.1:${port}`, port };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
}

/** Resident memory of a process and its children (tsx runs the server in a child of start.mjs). */
function rssMb(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      total += kb;
      const children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
      children.forEach((c) => visit(Number(c)));
    } catch {
      // the process is gone
    }
  };
  visit(pid);
  return Math.round(total / 1024);
}

async function registerAndLogin(baseUrl: string, username: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const password = 'bench-password-123';
  await fetch(`${baseUrl}/api/v2/players/register`, {
    method: 'POST',
    headers: { ...headers, 'x-fingerprint': 'bench' },
    body: JSON.stringify({ username, password, confirmPassword: password, fingerprint: 'bench' }),
  });
  const res = await fetch(`${baseUrl}/api/v2/players/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  // With a bank account, the money pages show their forms rather than the "add a bank account" prompt.
  await fetch(`${baseUrl}/api/v2/players/bank-accounts`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      bank: 'bcel',
      accountNumber: '0101000123456',
      accountName: 'BENCH PLAYER',
      currency: 'LAK',
    }),
  });
  return cookie;
}

/**
 * Credit at alphabet through the real deposit path (an order, its QR paid at the sandbox bank, the check),
 * so the game pages open their game as a player's do, not the small-credit offer.
 */
async function fundPlayer(baseUrl: string, cookie: string): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: baseUrl, cookie };
  const { currencies } = (await (await fetch(`${baseUrl}/api/v2/currencies`)).json()) as {
    currencies: Array<{ mid: string; currency: string }>;
  };
  const mid = currencies.find((c) => c.currency === 'LAK')!.mid;
  const created = await fetch(`${baseUrl}/api/v2/deposits`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `bench-${Date.now()}` },
    body: JSON.stringify({ provider: 'alphabet', mid, bank: 'bcel', amount: 500_000 }),
  });
  if (created.status !== 201) throw new Error(`deposit: ${created.status} ${await created.text()}`);
  const { order, qr } = (await created.json()) as { order: { code: string }; qr: { qrText: string } };
  const paid = await fetch(`${baseUrl}/api/v2/sandbox/bank/pay`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ qrText: qr.qrText }),
  });
  if (!paid.ok) throw new Error(`sandbox bank: ${paid.status} ${await paid.text()}`);
  const checked = await fetch(`${baseUrl}/api/v2/deposits/${order.code}/check`, { method: 'POST', headers });
  if (!checked.ok) throw new Error(`deposit check: ${checked.status} ${await checked.text()}`);
}

/**
 * Every route of the route table (src/app/routes.tsx), with a real game and promotion for the two routes
 * that take an id. BENCH_ROUTES=/,/player/deposit measures a subset while working on one page.
 */
async function benchRoutes(baseUrl: string, cookie: string): Promise<string[]> {
  const get = async <T,>(path: string): Promise<T> => {
    const res = await fetch(`${baseUrl}/api${path}`, { headers: { cookie, accept: 'application/json' } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const { games } = await get<{ games: Array<{ id: string }> }>('/v2/games?provider=alphabet');
  const { promotions } = await get<{ promotions: Array<{ id: string }> }>('/v2/promotions');
  const all = [
    '/',
    '/login',
    '/register',
    '/sandbox/bank',
    '/player/game/alphabet',
    '/player/game/askmebet',
    '/player/game/gclub',
    '/player/game/gclub_live',
    '/player/games',
    `/player/game/alphabet/play/${games[0]!.id}`,
    '/player/deposit',
    '/player/deposit/history',
    '/player/withdraw',
    '/player/withdraw/history',
    '/player/bank',
    '/player/promotion',
    '/player/promotion/history',
    `/player/promotion/${promotions[0]!.id}`,
    '/player/responsible-gaming',
    '/player/activity',
    '/player/sessions',
  ];
  const chosen = (process.env.BENCH_ROUTES ?? '').split(',').filter(Boolean);
  return chosen.length
    ? all.filter((route) => chosen.some((c) => route.startsWith(c) && c.length > 1) || chosen.includes(route))
    : all;
}

// ---------- 1. What each route loads, from the production build ----------
/**
 * Every page the bench opens in a browser reports its console errors and warnings here: the bench counts
 * them beside its figures, as a journey fails on them (tests/e2e/checks/browserConsole.ts).
 */
const browserProblems: string[] = [];

async function measureBundles(baseUrl: string, cookie: string, routes: string[]) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: chromeFlags.filter((f) => f !== '--headless=new'),
  });
  const results = [];
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (route.startsWith('/player')) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name: name!, value: value!, url: baseUrl }]);
    }
    const page = await context.newPage();
    watchBrowserConsole(page, browserProblems, VISITOR_PROBES, [], route);
    await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        fcp,
        files: resources
          .filter((r) => /\.(js|css)(\?|$)/.test(r.name))
          .map((r) => ({ url: r.name, end: r.responseEnd, start: r.startTime })),
      };
    });
    const sizes = (before: boolean) => {
      let raw = 0;
      let gzip = 0;
      const byType = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
      for (const f of timing.files) {
        if (before && f.start > timing.fcp) continue;
        const file = join(root, 'dist', new URL(f.url).pathname);
        if (!existsSync(file)) continue;
        const body = readFileSync(file);
        const g = gzipSync(body, { level: 9 }).length;
        const type = f.url.includes('.css') ? 'css' : 'js';
        byType[type].raw += body.length;
        byType[type].gzip += g;
        raw += body.length;
        gzip += g;
      }
      const kb = (n: number) => Math.round(n / 102.4) / 10;
      return {
        jsRawKb: kb(byType.js.raw),
        jsGzipKb: kb(byType.js.gzip),
        cssRawKb: kb(byType.css.raw),
        cssGzipKb: kb(byType.css.gzip),
        totalGzipKb: kb(gzip),
        totalRawKb: kb(raw),
      };
    };
    results.push({
      route,
      fcpMs: Math.round(timing.fcp),
      beforeFirstPaint: sizes(true),
      onLoad: sizes(false),
    });
    await context.close();
  }
  await browser.close();
  return results;
}

// ---------- 2. /player/deposit and /player/withdraw on a slow phone and network, first and repeat visit ----------
const SLOW = { kbps: 400, rttMs: 400, cpuSlowdown: 4 };

/**
 * Two times from navigation, on a money form's page. "Usable": the server's form is on screen with its
 * amount field and its duplicate-submit key, so a post would succeed (server/src/http/formPages.ts).
 * "Took over": the amount field is wired to React (its props are attached once the app has hydrated it).
 * The repeat visit is a new tab of the same browser profile, after the first visit's service worker (if
 * any) has taken control.
 *
 * The link is Chrome's own emulation (as DevTools applies it), on the page: it slows the page's requests.
 * The service worker's own fetches escape it, which is why it answers only files it keeps and lets every
 * API call go from the page itself (scripts/buildServiceWorker.mjs).
 */
async function measureSlowForm(baseUrl: string, cookie: string, pagePath: string) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: chromeFlags.filter((f) => f !== '--headless=new'),
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: baseUrl }]);
  const visit = async () => {
    const page = await context.newPage();
    watchBrowserConsole(page, browserProblems, VISITOR_PROBES, [], `${pagePath} (slow link)`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW.rttMs,
      downloadThroughput: (SLOW.kbps * 1000) / 8,
      uploadThroughput: (SLOW.kbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpuSlowdown });
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).pathname);
    });
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'commit', timeout: 120_000 });
    const usable = await page.waitForFunction(
      () => {
        const form = document.querySelector('form[method="post"]');
        const ready = form?.querySelector('input[name="_key"]') && form.querySelector('input#field-amount');
        return ready ? performance.now() : false;
      },
      null,
      { timeout: 120_000, polling: 50 },
    );
    const usableMs = Math.round((await usable.jsonValue()) as number);
    const tookOver = await page.waitForFunction(
      () => {
        const input = document.querySelector<HTMLInputElement>('input#field-amount');
        const wired =
          input && !input.disabled && Object.keys(input).some((k) => k.startsWith('__reactProps'));
        return wired ? performance.now() : false;
      },
      null,
      { timeout: 120_000, polling: 50 },
    );
    const tookOverMs = Math.round((await tookOver.jsonValue()) as number);
    const fcpMs = Math.round(
      await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
    );
    const apiBeforeUsable = [...apiCalls];
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    const controlled = await page.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return false;
      const ready = navigator.serviceWorker.ready.then(() => true);
      return Promise.race([ready, new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
    });
    await page.close();
    return { fcpMs, usableMs, tookOverMs, apiBeforeUsable, serviceWorker: controlled };
  };
  try {
    const first = await visit();
    const repeat = await visit();
    return { link: SLOW, first, repeat };
  } finally {
    await browser.close();
  }
}

// ---------- 3. Lighthouse on a calibrated phone, beside the plain antd shell ----------
const ratioOf = (value: number, reference: number) =>
  reference > 0 ? Math.round((value / reference) * 100) / 100 : '-';

/**
 * Calibration on the plain shell, then on each tier the shell and every route (the median of
 * BENCH_LH_RUNS runs, 3 by default), then the player's interactions on the low tier.
 */
async function measurePhones(baseUrl: string, cookie: string, routes: string[]) {
  const runs = Number(process.env.BENCH_LH_RUNS ?? 3);
  const shellServer = await servePlainShell(4330, process.env.BENCH_REBUILD === 'true');
  const browser = await openBrowser(chromePath, chromeFlags);
  try {
    const calibration = await calibrate(browser, shellServer.url);
    console.log(
      `Lighthouse benchmark index ${calibration.index} (runs ${calibration.indexes.join(', ')}): ` +
        `CPU slowdown ${calibration.factors.low}x for the low tier, ${calibration.factors.mid}x for the mid tier`,
    );
    const shell = {
      low: await measurePage(browser, shellServer.url, '', calibration.factors.low, runs),
      mid: await measurePage(browser, shellServer.url, '', calibration.factors.mid, runs),
    };
    const measured = [];
    for (const path of routes) {
      measured.push({
        path,
        low: await measurePage(browser, baseUrl + path, cookie, calibration.factors.low, runs),
        mid: await measurePage(browser, baseUrl + path, cookie, calibration.factors.mid, runs),
      });
    }
    const game =
      /\/play\/([^/]+)$/.exec(routes.find((r) => r.includes('/play/')) ?? '')?.[1] ?? 'alp-slot-001';
    const interactions = await measureInteractions(browser, baseUrl, cookie, game, calibration.factors.low);
    return { calibration, shell, routes: measured, interactions };
  } finally {
    await browser.kill();
    shellServer.close();
  }
}

// ---------- 4. API load beside references doing the same work ----------
/**
 * Every read operation the player's pages make (GET, with the signed-in player's cookie), each loaded for
 * READ_SECONDS beside its reference (measureApi).
 */
const PAGE_READS: Record<string, string> = {
  'agency/info': '/api/v2/agency/info',
  'players/info': '/api/v2/players/info',
  'players/profile': '/api/v2/players/profile',
  credits: '/api/v2/players/credits/alphabet',
  'credits (all)': '/api/v2/players/credits',
  'wallet-settings': '/api/v2/players/wallet-settings',
  banks: '/api/v2/banks',
  'bank-accounts': '/api/v2/players/bank-accounts',
  currencies: '/api/v2/currencies',
  deposits: '/api/v2/deposits?page=1&pageSize=10',
  'deposits/open': '/api/v2/deposits/open',
  withdraws: '/api/v2/withdraws?page=1&pageSize=10',
  'withdraws/open': '/api/v2/withdraws/open',
  'withdraws/promotion-info': '/api/v2/withdraws/promotion-info?provider=alphabet',
  games: '/api/v2/games?provider=alphabet',
  'games/mine': '/api/v2/games/mine',
  promotions: '/api/v2/promotions?lang=lo',
  'promotions/banners': '/api/v2/promotions/banners?lang=lo',
  'promotions/using': '/api/v2/players/promotions/using',
  'promotions/usages': '/api/v2/promotions/usages?page=1&pageSize=10',
  protection: '/api/v2/players/protection',
  statement: '/api/v2/players/statement?from=2026-11-01&to=2026-11-28',
  'rewards/cashback': '/api/v2/rewards/cashback',
  'rewards/check-in': '/api/v2/rewards/check-in',
  'rewards/referral': '/api/v2/rewards/referral',
  sessions: '/api/v2/players/sessions',
  backlist: '/api/v2/players/backlist',
};
const READ_SECONDS = 5;

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: 100, duration: READ_SECONDS, headers });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The reads that ask every provider's wallet under the transfer model (the Rewards page's, "credits
 * (all)"): with BENCH_TRANSFER_WALLETS=true the site runs every provider as a transfer wallet and these are
 * held to a reference making the same provider calls bare. By default every provider is seamless (the
 * credit is the ledger, docs/games.md) and they are database reads like the others.
 */
const PROVIDER_READS = new Set(['credits (all)', 'rewards/cashback', 'rewards/check-in', 'rewards/referral']);
const TRANSFER_WALLETS = process.env.BENCH_TRANSFER_WALLETS === 'true';

/**
 * Each read, then its reference (bench/referenceRoutes.mts: the same session check, headers and answer
 * size, and the same provider calls where the read makes them), one after the other in the same run; the
 * plain bare route once, as context. The site stays up throughout: it answers the reference's provider
 * calls as it answers its own.
 */
async function measureApi(databaseUrl: string) {
  const port = 4310;
  const server = startServer(port, {
    DATABASE_URL: databaseUrl,
    SANDBOX: 'true',
    TRANSFER_WALLET_PROVIDERS: TRANSFER_WALLETS ? 'all' : '',
  });
  await waitFor(`${server.url}/api/v2/agency/info`, 180_000);
  const cookie = await registerAndLogin(server.url, 'bench_api');
  // Node itself (not npx) so that SIGTERM reaches the server and not a wrapper that may outlive it.
  const reference = spawn(process.execPath, ['--import', 'tsx', 'bench/referenceRoutes.mts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, SANDBOX: 'true', PORT: '4311', SITE_URL: server.url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const referenceUrl = 'http://127.0.0.1:4311';
  await waitFor(`${referenceUrl}/bare`, 60_000);
  await sleep(1000);
  const restMb = rssMb(server.child.pid!);
  let peakMb = restMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(server.child.pid!));
  }, 200);
  const headers = { cookie };
  const reads: Record<
    string,
    Awaited<ReturnType<typeof load>> & {
      bytes: number;
      reference: Awaited<ReturnType<typeof load>> & { route: string };
      ratio: number;
      p99OfReference: number;
    }
  > = {};
  // BENCH_READS=name,name loads only those (a quick look at one read after a change).
  const only = process.env.BENCH_READS?.split(',').map((name) => name.trim());
  try {
    for (const [name, path] of Object.entries(PAGE_READS)) {
      if (only && !only.includes(name)) continue;
      // The answer's size as autocannon receives it (it asks for no compression); a read that answers
      // without a session (the agency, the banks) is held to a reference without the session check.
      const bytes = (await (await fetch(`${server.url}${path}`, { headers })).arrayBuffer()).byteLength;
      const open = (await fetch(`${server.url}${path}`)).ok;
      const kind =
        TRANSFER_WALLETS && PROVIDER_READS.has(name) ? '/same-providers' : open ? '/same-public' : '/same';
      const route = `${kind}?bytes=${bytes}`;
      const read = await load(`${server.url}${path}`, headers);
      const ref = await load(`${referenceUrl}${route}`, headers);
      reads[name] = {
        ...read,
        bytes,
        reference: { ...ref, route },
        ratio: Math.round((read.reqPerSec / ref.reqPerSec) * 100) / 100,
        p99OfReference: Math.round((read.p99Ms / Math.max(1, ref.p99Ms)) * 100) / 100,
      };
    }
    clearInterval(sampler);
    const bare = await load(`${referenceUrl}/bare`, {});
    return { reads, bare, memory: { restMb, peakUnderLoadMb: peakMb } };
  } finally {
    clearInterval(sampler);
    reference.kill('SIGTERM');
    await new Promise((r) => reference.once('exit', r));
    await stopServer(server);
  }
}

// ---------- 5. Start-up time on an existing data directory ----------
async function measureStart(dataDir: string) {
  const times = [];
  for (let i = 0; i < 3; i += 1) {
    const t0 = Date.now();
    const server = startServer(4320, { DATA_DIR: dataDir, DATABASE_URL: '' });
    await waitFor(`${server.url}/`, 120_000);
    times.push(Date.now() - t0);
    await stopServer(server);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[1]!, runsMs: times };
}

/**
 * A partial run (BENCH_ONLY) keeps the other parts' latest figures, marked with the commit that measured
 * them, so report.md always shows every budget. History records only what this run measured.
 */
function carryOverUnmeasured(
  report: Record<string, unknown>,
  summary: Record<string, { value: number | string; budget: string; status: string }>,
) {
  const file = join(root, 'bench/report.json');
  if (only.size === 0 || !existsSync(file)) return;
  const previous = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  report.measuredHere = Object.keys(summary);
  const previousSummary = (previous.summary ?? {}) as typeof summary;
  const ordered: typeof summary = {};
  for (const [key, value] of Object.entries(previousSummary)) {
    ordered[key] = summary[key] ?? {
      ...value,
      value: String(value.value).includes('(from ')
        ? value.value
        : `${value.value} (from ${previous.commit})`,
    };
  }
  for (const [key, value] of Object.entries(summary)) ordered[key] ??= value;
  for (const key of Object.keys(summary)) delete summary[key];
  Object.assign(summary, ordered);
  for (const part of ['bundles', 'slowNetwork', 'lighthouse', 'api', 'ledger', 'start']) {
    report[part] ??= previous[part];
  }
}

function verdict(ok: boolean): string {
  return ok ? 'met' : 'MISSED';
}

function writeReport(report: Record<string, unknown>) {
  const historyFile = join(root, 'bench/history.json');
  const history: Array<Record<string, unknown>> = existsSync(historyFile)
    ? JSON.parse(readFileSync(historyFile, 'utf8'))
    : [];
  const measured = report.measuredHere as string[] | undefined;
  const summary = report.summary as Record<string, unknown>;
  history.push({
    at: report.at,
    commit: report.commit,
    label: report.label,
    summary: measured ? Object.fromEntries(measured.map((k) => [k, summary[k]])) : summary,
  });
  writeFileSync(historyFile, JSON.stringify(history, null, 2) + '\n');
  writeFileSync(join(root, 'bench/report.json'), JSON.stringify(report, null, 2) + '\n');

  const s = report.summary as Record<string, { value: number | string; budget: string; status: string }>;
  const lines = [
    '# Bench report',
    '',
    `Measured ${report.at} on commit ${report.commit} (${report.machine}). Regenerate with \`npm run bench\`.`,
    '',
    '## Budgets',
    '',
    '| measure | value | budget | status |',
    '|---|---|---|---|',
    ...Object.entries(s).map(([k, v]) => `| ${k} | ${v.value} | ${v.budget} | ${v.status} |`),
    '',
    '## History (each run; the before and after of every change that moved a number)',
    '',
    '| when | commit | label | ' + Object.keys(s).join(' | ') + ' |',
    '|---|---|---|' +
      Object.keys(s)
        .map(() => '---')
        .join('|') +
      '|',
    ...history.map((h) => {
      const hs = (h.summary ?? {}) as Record<string, { value: number | string }>;
      return (
        `| ${h.at} | ${h.commit} | ${h.label ?? ''} | ` +
        Object.keys(s)
          .map((k) => String(hs[k]?.value ?? ''))
          .join(' | ') +
        ' |'
      );
    }),
    '',
    '## Details',
    '',
    '```json',
    JSON.stringify(
      {
        bundles: report.bundles,
        slowNetwork: report.slowNetwork,
        lighthouse: report.lighthouse,
        api: report.api,
        ledger: report.ledger,
        start: report.start,
      },
      null,
      2,
    ),
    '```',
    '',
    String(report.notes ?? ''),
  ];
  writeFileSync(join(root, 'bench/report.md'), lines.join('\n') + '\n');
}

/**
 * The two builds' whole JavaScript and CSS, gzip: the player site's (dist/, what players may download) and
 * the back office's (dist/backoffice/, only staff download it). Nothing of the back office may reach the
 * player site's files: the player files naming a staff operation, address or text (every file the server
 * sends, the service worker and the pages included: tests/e2e/checks/backofficeNames.ts, the scan the e2e
 * stage of `npm test` runs too) are reported beside the sizes.
 */
function measureBuilds() {
  const sizeOf = (dir: string) => {
    const files = readdirSync(dir).filter((f) => /\.(js|css)$/.test(f));
    let js = 0;
    let css = 0;
    for (const file of files) {
      const g = gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
      if (file.endsWith('.js')) js += g;
      else css += g;
    }
    const kb = (n: number) => Math.round(n / 102.4) / 10;
    return { files: files.length, jsGzipKb: kb(js), cssGzipKb: kb(css) };
  };
  const naming = scanPlayerBuild(root);
  return {
    player: { ...sizeOf(join(root, 'dist')), namingBackoffice: naming.length, namingBackofficeFiles: naming },
    backoffice: sizeOf(join(root, 'dist/backoffice')),
  };
}

/** The browser every part of the bench drives, as it names itself ("Chromium 156.0.…"). */
function browserVersion(): string {
  try {
    return execSync(`${chromePath} --version`).toString().trim().split(' built')[0]!;
  } catch {
    return 'browser version unknown';
  }
}

async function main() {
  const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  if (!existsSync(join(root, 'dist/index.html')) || process.env.BENCH_REBUILD === 'true') {
    execSync('npm run --silent build', { cwd: root, stdio: 'inherit' });
  }
  const report: Record<string, unknown> = {
    at: new Date().toISOString(),
    commit,
    label: process.env.BENCH_LABEL ?? '',
    machine: `${execSync('nproc').toString().trim()} cores, Node ${process.version}, ${browserVersion()}`,
  };
  const summary: Record<string, { value: number | string; budget: string; status: string }> = {};

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-site-'));
  if (want('builds')) {
    const builds = measureBuilds();
    report.builds = builds;
    for (const [name, b] of Object.entries(builds))
      summary[`${name} build, all files: JS / CSS gzip (KB)`] = {
        value: `${b.jsGzipKb} / ${b.cssGzipKb}`,
        budget: 'reported',
        status: 'reported',
      };
    summary['player files naming the back office (a staff operation, address or text)'] = {
      value: builds.player.namingBackoffice,
      budget: '0',
      status: verdict(builds.player.namingBackoffice === 0),
    };
  }
  if (want('web')) {
    const site = startServer(4300, { DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      await waitFor(`${site.url}/api/v2/agency/info`, 180_000);
      const cookie = await registerAndLogin(site.url, 'bench_web');
      await fundPlayer(site.url, cookie);
      const routes = await benchRoutes(site.url, cookie);
      const bundles = await measureBundles(site.url, cookie, routes);
      report.bundles = bundles;
      const firstJs = Math.max(...bundles.map((b) => b.beforeFirstPaint.jsGzipKb));
      summary['first-route JS gzip (KB, worst route)'] = {
        value: firstJs,
        budget: `<= ${budgets.firstRouteJsGzipKb}`,
        status: verdict(firstJs <= budgets.firstRouteJsGzipKb),
      };
      const slowForms: Record<string, Awaited<ReturnType<typeof measureSlowForm>>> = {};
      for (const pagePath of ['/player/deposit', '/player/withdraw']) {
        const slow = await measureSlowForm(site.url, cookie, pagePath);
        slowForms[pagePath] = slow;
        summary[`${pagePath} form usable at 400 kbps, 400 ms RTT, 4x CPU: first / repeat visit (ms)`] = {
          value: `${slow.first.usableMs} / ${slow.repeat.usableMs}`,
          budget: `<= ${budgets.slowFirstMs} / <= ${budgets.slowRepeatMs}`,
          status: verdict(
            slow.first.usableMs <= budgets.slowFirstMs && slow.repeat.usableMs <= budgets.slowRepeatMs,
          ),
        };
        summary[`${pagePath} app took over, same link: first / repeat visit (ms)`] = {
          value: `${slow.first.tookOverMs} / ${slow.repeat.tookOverMs}`,
          budget: 'reported',
          status: 'reported',
        };
      }
      report.slowNetwork = slowForms;
      report.browserConsole = browserProblems;
      summary['browser console errors and warnings on the pages visited'] = {
        value: browserProblems.length,
        budget: '0',
        status: verdict(browserProblems.length === 0),
      };
      for (const problem of browserProblems) console.error(`browser console: ${problem}`);
      // BENCH_LIGHTHOUSE=0: the forms on the slow link only (Lighthouse on every route takes minutes).
      if (process.env.BENCH_LIGHTHOUSE !== '0') {
        const lh = await measurePhones(site.url, cookie, routes);
        report.lighthouse = lh;
        report.machine += `, Lighthouse benchmarkIndex ${lh.calibration.index}`;
        summary['Lighthouse benchmark index (median of 3) / CPU slowdown: low tier / mid tier'] = {
          value: `${lh.calibration.index} / ${lh.calibration.factors.low}x / ${lh.calibration.factors.mid}x`,
          budget: `index / ${PHONE_INDEX.low}, index / ${PHONE_INDEX.mid}`,
          status: 'reported',
        };
        const shell = lh.shell.low.median;
        summary['plain antd shell, low tier (score / LCP ms / TBT ms / CLS); mid tier score'] = {
          value: `${shell.score} / ${shell.lcpMs} / ${shell.tbtMs} / ${shell.cls}; ${lh.shell.mid.median.score}`,
          budget: 'reference',
          status: 'n/a',
        };
        const tbtBudget = Math.min(budgets.tbtMs, Math.round(budgets.tbtOfShell * shell.tbtMs));
        for (const p of lh.routes) {
          const m = p.low.median;
          const ok =
            m.tbtMs <= tbtBudget &&
            m.lcpMs <= budgets.lcpMs &&
            m.cls <= budgets.cls &&
            p.mid.median.score >= budgets.performance;
          summary[`lighthouse ${p.path}, low tier (LCP ms / TBT ms, x shell / CLS); mid tier score`] = {
            value: `${m.lcpMs} / ${m.tbtMs}, ${ratioOf(m.tbtMs, shell.tbtMs)} / ${m.cls}; ${p.mid.median.score}`,
            budget: `<= ${budgets.lcpMs} / <= ${tbtBudget} (${budgets.tbtMs}, ${budgets.tbtOfShell}x shell) / <= ${budgets.cls}; >= ${budgets.performance}`,
            status: verdict(ok),
          };
        }
        for (const i of lh.interactions) {
          summary[`interaction, low tier: ${i.name} (INP ms / TBT ms)`] = {
            value:
              i.inpMs === null
                ? `not measured: ${i.error ?? 'no interaction seen'}`
                : `${i.inpMs} / ${i.tbtMs}`,
            budget: `INP <= ${budgets.inpMs}`,
            status: verdict(i.inpMs !== null && i.inpMs <= budgets.inpMs),
          };
        }
      }
    } finally {
      await stopServer(site);
    }
  }
  if (want('start')) {
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      const s = startServer(4300, { DATA_DIR: dataDir, DATABASE_URL: '' });
      await waitFor(`${s.url}/`, 180_000);
      await stopServer(s);
    }
    const start = await measureStart(dataDir);
    report.start = start;
    summary['npm start to first page (ms, existing data dir)'] = {
      value: start.medianMs,
      budget: `<= ${budgets.startMs}`,
      status: verdict(start.medianMs <= budgets.startMs),
    };
  }
  if (want('api')) {
    const api = await measureApi(await freshDatabase('lao_bench_api'));
    report.api = api;
    for (const [name, r] of Object.entries(api.reads)) {
      const p99Budget = budgets.apiP99OfReference * Math.max(1, r.reference.p99Ms);
      summary[`API ${name}: req/s beside its reference (ratio) / p99 ms beside its reference`] = {
        value: `${r.reqPerSec} / ${r.reference.reqPerSec} (${r.ratio}) / ${r.p99Ms} / ${r.reference.p99Ms}`,
        budget: `>= ${budgets.apiRatio} / <= ${budgets.apiP99OfReference}x (${p99Budget})`,
        status: verdict(r.ratio >= budgets.apiRatio && r.p99Ms <= p99Budget && r.errors === 0),
      };
    }
    summary['bare Fastify + indexed read req/s / p99 ms (context)'] = {
      value: `${api.bare.reqPerSec} / ${api.bare.p99Ms}`,
      budget: 'context',
      status: 'n/a',
    };
    summary['server memory at rest / under load (MB)'] = {
      value: `${api.memory.restMb} / ${api.memory.peakUnderLoadMb}`,
      budget: `<= ${budgets.memoryMb}`,
      status: verdict(api.memory.peakUnderLoadMb <= budgets.memoryMb),
    };
  }
  if (want('ledger')) {
    // Alternated, so both meet the same machine: the ledger, pgbench, the ledger again; each the better of its runs.
    const first = await measureLedger(await freshDatabase('lao_bench_ledger'));
    const pgbench = await measurePgbenchSameWrites(await freshDatabase('lao_bench_pgbench'));
    const second = await measureLedger(await freshDatabase('lao_bench_ledger'));
    const ledger = second.opsPerSec > first.opsPerSec ? second : first;
    const problems = first.invariantProblems + second.invariantProblems;
    const ratio = Math.round((ledger.opsPerSec / pgbench.tps) * 100) / 100;
    report.ledger = { runs: [first, second], pgbench, ratioToPgbench: ratio };
    summary['ledger money operations/s (PostgreSQL)'] = {
      value: `${ledger.opsPerSec} (invariant problems: ${problems})`,
      budget: `>= ${budgets.ledgerOpsPerSec}, 0 problems`,
      status: verdict(ledger.opsPerSec >= budgets.ledgerOpsPerSec && problems === 0),
    };
    summary['ledger ops/s against pgbench doing the same writes, same clients (ratio)'] = {
      value: `${ledger.opsPerSec} / ${pgbench.tps} (${ratio})`,
      budget: `>= ${budgets.ledgerOfPgbench}`,
      status: verdict(ratio >= budgets.ledgerOfPgbench && pgbench.failed === 0),
    };
  }
  if (want('wallet')) {
    const http = await measureWalletHttp(await freshDatabase('lao_bench_wallet_http'));
    // Alternated as the ledger's: the bet, pgbench, the bet again; the better bet run is kept.
    const first = await measureWalletBets(await freshDatabase('lao_bench_wallet'));
    const pgbench = await measurePgbenchBet(await freshDatabase('lao_bench_wallet_pgbench'));
    const second = await measureWalletBets(await freshDatabase('lao_bench_wallet'));
    const bets = second.betsPerSec > first.betsPerSec ? second : first;
    const ratio = Math.round((bets.betsPerSec / pgbench.tps) * 100) / 100;
    report.wallet = { http, bets: [first, second], pgbench, ratioToPgbench: ratio };
    summary[
      'seamless wallet over HTTP: calls/s at a steady 500/s, 100 players x 4 providers / p50 / p99 ms / errors'
    ] = {
      value: `${http.callsPerSec} / ${http.p50Ms} / ${http.p99Ms} / ${http.errors}`,
      budget: `>= ${budgets.walletRate * 0.95} / p99 <= ${budgets.walletP99Ms} / 0 errors`,
      status: verdict(
        http.callsPerSec >= budgets.walletRate * 0.95 &&
          http.p99Ms <= budgets.walletP99Ms &&
          http.errors === 0,
      ),
    };
    summary[
      'seamless bets/s in process against pgbench running the same statements, 16 clients (ratio; p50 / p99 ms)'
    ] = {
      value: `${bets.betsPerSec} / ${pgbench.tps} (${ratio}); ${bets.p50Ms} / ${bets.p99Ms}; invariant problems ${first.invariantProblems + second.invariantProblems}`,
      budget: `>= ${budgets.walletBetOfPgbench}`,
      status: verdict(
        ratio >= budgets.walletBetOfPgbench &&
          pgbench.failed === 0 &&
          first.invariantProblems + second.invariantProblems === 0,
      ),
    };
  }
  carryOverUnmeasured(report, summary);
  report.summary = summary;
  report.notes = existsSync(join(root, 'bench/notes.md'))
    ? readFileSync(join(root, 'bench/notes.md'), 'utf8')
    : '';
  writeReport(report);
  console.log(readFileSync(join(root, 'bench/report.md'), 'utf8').split('## History')[0]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
