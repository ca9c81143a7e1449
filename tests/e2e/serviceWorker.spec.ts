import { test as base, type Page } from '@playwright/test';
import { expect, logIn, registerViaApi, test, uniqueUsername } from './fixtures';
import { accountNumber, addBankAccount } from './helpers';
import { lo } from './texts';

// The other journeys block service workers (playwright.config.ts); these are about the worker itself.
test.use({ serviceWorkers: 'allow' });

const homeHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /Lao Star/ });

/** Waits until the site's worker is active and answers this page's requests. */
async function waitForControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Every URL in the Cache Storage of the page's origin, with the name of the cache holding it. */
function cachedUrls(page: Page): Promise<{ cache: string; url: string }[]> {
  return page.evaluate(async () => {
    const all: { cache: string; url: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) all.push({ cache: name, url: request.url });
    }
    return all;
  });
}

/** A static routing rule as the DevTools protocol reports it (ServiceWorkerVersion.routerRules). */
interface RouterRule {
  condition: { not?: { or: { urlPattern: { pathname: string } }[] } };
}
type UrlPatternClass = new (init: { pathname: string }) => { test(input: { pathname: string }): boolean };

// Without the failed-request watch of fixtures.ts: offline, the app's API calls fail, as they should.
base('a repeat visit paints the home page without the network', async ({ page, context }) => {
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();
  await waitForControl(page);
  // The first visit loaded before the worker was there: this visit goes through it and keeps the page.
  await page.reload();
  await expect(homeHeading(page)).toBeVisible();
  await expect
    .poll(async () => (await cachedUrls(page)).some((e) => e.cache === 'pages' && e.url.endsWith('/')))
    .toBe(true);

  await context.setOffline(true);
  // The worker is offline too: the API is out of reach and not answered from any cache. Polled: the
  // emulated offline state reaches the worker a moment after the page (a request may still leave).
  await expect
    .poll(() =>
      page.evaluate(() =>
        fetch('/api/v2/agency/info').then(
          () => true,
          () => false,
        ),
      ),
    )
    .toBe(false);
  await page.reload();
  await expect(homeHeading(page)).toBeVisible();
  await context.setOffline(false);
});

test('a player’s money pages leave nothing of the API in the Cache Storage', async ({
  page,
  request,
  baseURL,
}) => {
  const username = uniqueUsername('sw');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await waitForControl(page);
  await addBankAccount(page, accountNumber());
  await page.goto('/player/deposit');
  await expect(page.getByLabel(lo.money.deposit.amount)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/player/game/alphabet');
  await page.waitForLoadState('networkidle');

  const cached = await cachedUrls(page);
  // The worker did cache a page of this visit (the lobby), but not the deposit page, which the server
  // renders with the player's own answers (server/src/http/formPages.ts), nor anything of the API.
  expect(cached.some((e) => e.cache === 'pages' && e.url.endsWith('/player/game/alphabet'))).toBe(true);
  expect(cached.some((e) => e.url.endsWith('/player/deposit'))).toBe(false);
  expect(cached.filter((e) => e.url.includes('/api/'))).toEqual([]);
});

test('the site installs: a linked manifest with name, start page and icons', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );

  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Lao Star',
    short_name: 'Lao Star',
    start_url: '/player',
    display: 'standalone',
    theme_color: '#1f1410',
  });
  const sizes = (purpose: string) =>
    manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
  expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(sizes('maskable')).toContain('512x512');
  for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png' }]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  // The worker's own file is never kept by the HTTP cache: a deploy's new worker is found at once.
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('API calls and the form pages go to the network without starting the worker', async ({
  page,
  context,
  request,
}) => {
  // The router rules the browser keeps for the site's worker (DevTools protocol: the worker's version).
  const cdp = await context.newCDPSession(page);
  const rules: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions as { routerRules?: string }[])
      if (version.routerRules) rules.push(version.routerRules);
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto('/');
  await waitForControl(page);
  await expect.poll(() => rules.length).toBeGreaterThan(0);
  const routed = rules.at(-1)!;
  for (const path of ['/player/deposit', '/player/withdraw', '/player/bank']) expect(routed).toContain(path);
  // The rest goes by one rule, "not the player site's own paths", so the rules name nothing that is not
  // the player site's. Where it sends a request, as the browser's own URLPattern reads the rule:
  const ours = (JSON.parse(routed) as RouterRule[])
    .find((rule) => rule.condition.not)
    ?.condition.not?.or.map((c) => c.urlPattern.pathname);
  expect(ours, routed).toBeDefined();
  const toNetwork = await page.evaluate(
    ({ ours, paths }) => {
      const { URLPattern } = window as unknown as { URLPattern: UrlPatternClass };
      return paths.filter(
        (pathname) => !ours.some((p) => new URLPattern({ pathname: p }).test({ pathname })),
      );
    },
    {
      ours: ours!,
      paths: [
        ...['/', '/login', '/games/gclub', '/player/promotion/history', '/main.0123456789.js', '/sw.js'],
        ...['/assets/f.0123456789.woff2', '/locales/th/common.json', '/images/logo.svg', '/promotions/a.svg'],
        ...['/api/v2/agency/info', '/sandbox/bank', '/studio/studio.js', '/docs', '/docs/json'],
        ...['/backoffice', '/backoffice/', '/backoffice/backoffice.0123456789.js'],
      ],
    },
  );
  expect(toNetwork).toEqual([
    '/api/v2/agency/info',
    '/sandbox/bank',
    '/studio/studio.js',
    '/docs',
    '/docs/json',
    '/backoffice',
    '/backoffice/',
    '/backoffice/backoffice.0123456789.js',
  ]);

  // The worker's rules file is revalidated like sw.js itself, so a deploy's rules arrive with its worker.
  const file = await request.get('/sw-routes.js');
  expect(file.status()).toBe(200);
  expect(file.headers()['cache-control']).toBe('no-cache');

  // Through the rules, a controlled page's API call is answered by the network, not the worker.
  const answer = page.waitForResponse((r) => r.url().includes('/api/v2/agency/info'));
  await page.evaluate(() => fetch('/api/v2/agency/info'));
  expect((await answer).fromServiceWorker()).toBe(false);
});

// Without the failed-request watch: signed out, the back office's session call answers 401, as it should.
base(
  'the back office’s requests are neither answered nor kept by the player site’s worker',
  async ({ page }) => {
    await page.goto('/');
    await waitForControl(page);
    const answered: string[] = [];
    page.on('response', (r) => {
      // The favicon is the player site's, shared.
      if (r.fromServiceWorker() && r.url().includes('/backoffice')) answered.push(r.url());
    });
    const backoffice = await page.goto('/backoffice/');
    expect(backoffice?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(answered).toEqual([]);
    expect((await cachedUrls(page)).filter((e) => e.url.includes('/backoffice'))).toEqual([]);
  },
);
