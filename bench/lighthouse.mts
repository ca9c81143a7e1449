// Lighthouse as a cheap phone feels the site (issue 49): the CPU slowdown calibrated from Lighthouse's own
// benchmark index, so every host emulates the same phone, and every figure beside the plain antd shell's
// (bench/shell) measured in the same run on the same browser.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { startFlow } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { chromium } from '@playwright/test';

const root = new URL('..', import.meta.url).pathname;

/**
 * Chrome DevTools' calibration of its CPU presets: a low-tier phone (Moto G Power 2022) scores 264 on
 * Lighthouse's benchmark, a mid-tier one (Pixel 5 era) 1,000. The slowdown is the host's index over it.
 */
export const PHONE_INDEX = { low: 264, mid: 1000 } as const;
export type Tier = keyof typeof PHONE_INDEX;

/** Lighthouse's mobile network (slow 4G), with the calibrated CPU slowdown. */
function throttling(cpuSlowdownMultiplier: number) {
  return {
    rttMs: 150,
    throughputKbps: 1638.4,
    requestLatencyMs: 562.5,
    downloadThroughputKbps: 1474.56,
    uploadThroughputKbps: 675,
    cpuSlowdownMultiplier,
  };
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The plain shell, built by the site's webpack (`--env benchShell`) and served as the site serves its
 * files: brotli, hashed files cached for a year.
 */
export async function servePlainShell(
  port: number,
  rebuild: boolean,
): Promise<{ url: string; close(): void }> {
  const dir = join(root, 'build/bench-shell');
  if (rebuild || !existsSync(join(dir, 'index.html')))
    execSync('npx webpack --mode production --env benchShell', { cwd: root, stdio: 'inherit' });
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(dir)) {
    if (MIME[extname(name)]) files.set(`/${name}`, brotliCompressSync(readFileSync(join(dir, name))));
  }
  const server: Server = createServer((req, res) => {
    const path = req.url === '/' ? '/index.html' : (req.url ?? '/').split('?')[0]!;
    const body = files.get(path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[extname(path)]!,
      'content-encoding': 'br',
      'cache-control': path === '/index.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

export type PageRun = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  lcpElement?: string;
};

/** What Lighthouse found largest (its selector), so a slow LCP says which element to bring forward. */
function largestElement(details: unknown): string | undefined {
  const tables = (details as { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined)?.items;
  return tables?.[0]?.items?.[0]?.node?.selector;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export type Browser = Awaited<ReturnType<typeof openBrowser>>;

/** One Chrome for the whole Lighthouse part, with the player's cookie in its jar for /player pages. */
export async function openBrowser(chromePath: string, chromeFlags: string[]) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  // The session cookie goes into the browser's own jar, as a player's browser holds it: a Cookie header
  // added to every request would be dropped as soon as the page sets a cookie of its own (the language).
  const jar = (await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)).contexts()[0]!;
  return { chrome, jar, kill: () => chrome.kill() };
}

async function useCookie(browser: Browser, url: string, cookie: string) {
  await browser.jar.clearCookies();
  const [name, value] = cookie.split('=');
  if (new URL(url).pathname.startsWith('/player'))
    await browser.jar.addCookies([{ name: name!, value: value!, url: new URL(url).origin }]);
}

/** One Lighthouse navigation run at a CPU slowdown (undefined: Lighthouse's default, for calibration). */
export async function runPage(
  browser: Browser,
  url: string,
  cookie: string,
  slowdown?: number,
): Promise<PageRun> {
  await useCookie(browser, url, cookie);
  const result = await lighthouse(url, {
    port: browser.chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(slowdown === undefined ? {} : { throttling: throttling(slowdown) }),
  });
  const lhr = result!.lhr;
  return {
    score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']!.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']!.numericValue ?? 0),
    cls: Math.round((lhr.audits['cumulative-layout-shift']!.numericValue ?? 0) * 1000) / 1000,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    lcpElement: largestElement(lhr.audits['largest-contentful-paint-element']?.details),
  };
}

/** The median run of `runs` (by TBT, the figure that moves most), with every run kept. */
export async function measurePage(
  browser: Browser,
  url: string,
  cookie: string,
  slowdown: number,
  runs: number,
): Promise<{ median: PageRun; runs: PageRun[] }> {
  const all: PageRun[] = [];
  for (let i = 0; i < runs; i += 1) all.push(await runPage(browser, url, cookie, slowdown));
  const sorted = [...all].sort((a, b) => a.tbtMs - b.tbtMs);
  return { median: sorted[Math.floor(sorted.length / 2)]!, runs: all };
}

/**
 * The host's benchmark index, as Lighthouse measures it at the start of each run: the median of three
 * runs on the plain shell. The factors are that index over each tier's.
 */
export async function calibrate(browser: Browser, shellUrl: string) {
  const indexes: number[] = [];
  for (let i = 0; i < 3; i += 1) indexes.push((await runPage(browser, shellUrl, '')).benchmarkIndex);
  const index = median(indexes);
  const factor = (tier: Tier) => Math.round((index / PHONE_INDEX[tier]) * 100) / 100;
  return { indexes, index, factors: { low: factor('low'), mid: factor('mid') } };
}

// ---------- Interactions as a player makes them: Lighthouse user flows, timespan mode ----------

/** The Lao texts the interactions find their targets by (as the e2e journeys do). */
const lo = {
  layout: JSON.parse(readFileSync(join(root, 'public/locales/lo/layout.json'), 'utf8')),
  money: JSON.parse(readFileSync(join(root, 'public/locales/lo/money.json'), 'utf8')),
};
/** The sandbox studio's Spin button (studio/src/texts.ts). */
const STUDIO_SPIN = 'ໝຸນ';

type Interaction = {
  name: string;
  path: (game: string) => string;
  /** Waits until the page is ready for the tap (not measured). */
  ready: (page: Page) => Promise<unknown>;
  /** The tap, and what shows that it was answered (measured). */
  act: (page: Page) => Promise<unknown>;
};

const aria = (role: string, name: string) => `::-p-aria([name="${name}"][role="${role}"])`;
const LAUNCH = `a[aria-label^="${lo.layout.game.launch} "]`;
/** Generous: on the low tier a lazily loaded page takes seconds to draw. */
const WAIT = { timeout: 120_000 };

/** The 100,000 LAK chip, however the language groups its digits (as the e2e journeys find it). */
async function amountChip(page: Page) {
  const handle = await page.waitForFunction(
    () =>
      [...document.querySelectorAll('button')].find((b) =>
        /^100[.,\s]?000$/.test((b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
      ),
    WAIT,
  );
  return handle.asElement() as import('puppeteer-core').ElementHandle<Element>;
}
const live = (page: Page) => page.waitForSelector('#root:not([data-prerendered])', WAIT);

export const INTERACTIONS: Interaction[] = [
  {
    name: 'open the drawer',
    path: () => '/player/deposit',
    ready: live,
    act: async (page) => {
      await page.locator(aria('button', lo.layout.drawer.open)).click();
      await page.waitForSelector(aria('navigation', lo.layout.drawer.label), { visible: true, ...WAIT });
    },
  },
  {
    name: 'tap an amount chip',
    path: () => '/player/deposit',
    ready: live,
    act: async (page) => {
      await (await amountChip(page)).click();
      await page.waitForFunction(() =>
        /100/.test(document.querySelector<HTMLInputElement>('#field-amount')?.value ?? ''),
      );
    },
  },
  {
    name: 'open the deposit dialog',
    path: () => '/player/deposit',
    ready: async (page) => {
      await live(page);
      await page.locator('::-p-text(BCEL)').click();
      await (await amountChip(page)).click();
    },
    act: async (page) => {
      await page.locator(aria('button', lo.money.deposit.submit)).click();
      await page.waitForSelector(aria('dialog', lo.money.deposit.dialog.title), { visible: true, ...WAIT });
    },
  },
  {
    name: 'open a game from the lobby',
    path: () => '/player/game/alphabet',
    // The first game's Play link, in the middle of the screen once the lobby has settled: tapped where
    // the lobby was still drawing, a tap lands on whatever is there by then (the bottom bar's Withdraw).
    ready: async (page) => {
      await live(page);
      const launch = await page.waitForSelector(LAUNCH, WAIT);
      await launch!.evaluate((a) => a.scrollIntoView({ block: 'center' }));
      await new Promise((r) => setTimeout(r, 3000));
    },
    act: async (page) => {
      await (await page.waitForSelector(LAUNCH, WAIT))!.click();
      // The frame is in the page (it may stay hidden until its game has drawn).
      await page.waitForSelector('iframe[title]', WAIT);
    },
  },
  {
    name: 'spin a slot',
    path: (game) => `/player/game/alphabet/play/${game}`,
    ready: async (page) => {
      await live(page);
      const frame = await (await page.waitForSelector('iframe[title]', WAIT))!.contentFrame();
      await frame.waitForFunction(
        (label) =>
          [...document.querySelectorAll('button')].some((b) => b.textContent?.includes(label) && !b.disabled),
        WAIT,
        STUDIO_SPIN,
      );
    },
    act: async (page) => {
      const frame = await (await page.waitForSelector('iframe[title]'))!.contentFrame();
      await frame.locator(aria('button', STUDIO_SPIN)).click();
      await frame.waitForSelector('[role="status"]', { visible: true, ...WAIT });
    },
  },
];

/**
 * Each interaction in its own timespan, on the low tier's slowdown (applied by DevTools, as a timespan
 * cannot be simulated): its INP, and the total blocking time of the span.
 */
export async function measureInteractions(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  game: string,
  slowdown: number,
) {
  const connected = await puppeteer.connect({ browserURL: `http://127.0.0.1:${browser.chrome.port}` });
  const out: Array<{ name: string; inpMs: number | null; tbtMs: number; error?: string }> = [];
  try {
    for (const interaction of INTERACTIONS) {
      const url = `${baseUrl}${interaction.path(game)}`;
      await useCookie(browser, url, cookie);
      const page = await connected.newPage();
      await page.setViewport({
        width: 390,
        height: 844,
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      try {
        // 'load', not network idle: a player page keeps its event stream open.
        await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
        await interaction.ready(page);
        const flow = await startFlow(page, {
          flags: {
            throttlingMethod: 'devtools',
            throttling: throttling(slowdown),
            formFactor: 'mobile',
            screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 2, disabled: false },
            onlyCategories: ['performance'],
            logLevel: 'error',
          },
        });
        await flow.startTimespan({ name: interaction.name });
        await interaction.act(page);
        await flow.endTimespan();
        const lhr = (await flow.createFlowResult()).steps[0]!.lhr;
        const inp = lhr.audits['interaction-to-next-paint']?.numericValue;
        out.push({
          name: interaction.name,
          inpMs: inp === undefined ? null : Math.round(inp),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        });
      } catch (error) {
        out.push({ name: interaction.name, inpMs: null, tbtMs: 0, error: String(error).slice(0, 300) });
      } finally {
        await page.close();
      }
    }
  } finally {
    await connected.disconnect();
  }
  return out;
}
