import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import Fastify from 'fastify';
import { listOperations } from '../src/contract/load';
import { registerDocs } from '../src/http/docs';
import { acceptedEncoding } from '../src/http/static';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { addAccount } from './moneyFixtures';

let t: TestApp;
let webDir: string;
const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'player-site-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDir, 'main.3f2a9c1b7d.js'), bigScript);
  writeFileSync(path.join(webDir, 'favicon.ico'), 'icon');
  mkdirSync(path.join(webDir, 'prerendered'));
  writeFileSync(path.join(webDir, 'prerendered', 'login.html'), '<div id="root"><h1>login</h1></div>');
  writeFileSync(
    path.join(webDir, 'prerendered', 'player-promotion-history.html'),
    '<div id="root"><h1>deposit</h1></div>',
  );
  writeFileSync(
    path.join(webDir, 'prerendered', 'player-game-gclub.html'),
    '<div id="root"><h1>gclub as built</h1></div>',
  );
  writeFileSync(
    path.join(webDir, 'prerendered', 'sandbox-bank.html'),
    '<div id="root"><h1>sandbox bank</h1></div>',
  );
  writeFileSync(
    path.join(webDir, 'prerendered', 'manifest.json'),
    JSON.stringify({
      '/login': { file: 'login.html', access: 'visitor' },
      '/player/promotion/history': { file: 'player-promotion-history.html', access: 'player' },
      '/player/game/alphabet': { file: 'player-game-alphabet.html', access: 'player' },
      '/player/game/gclub': { file: 'player-game-gclub.html', access: 'player' },
      '/sandbox/bank': { file: 'sandbox-bank.html', access: 'open' },
      '/games/askmebet': { file: 'games-askmebet.html', access: 'open' },
    }),
  );
  // The build's page renderer (src/prerender/render.tsx), reduced to what the server relies on: it draws
  // the games or promotions it is given and fails for gclub, as a broken render would.
  writeFileSync(
    path.join(webDir, 'prerendered', 'render.cjs'),
    `let texts;
     exports.setTexts = (t) => { texts = t; };
     exports.renderPage = async (url, seeds) => {
       if (url.endsWith('gclub')) throw new Error('render failed');
       const { games, promotions, promotion } = seeds[0].data;
       const items = (games ?? promotions ?? [promotion]).map((g) => '<h2>' + (g.name ?? g.title) + '</h2>').join('');
       return { html: '<p>' + texts.lo.common.hello + '</p>' + items, head: '<meta name="seeds" content="' + seeds.length + '">' };
     };
     exports.pageDocument = (template, url, { html, head }) => template
       .replace('<div id="root"></div>', '<div id="root" data-prerendered="' + url + '">' + html + '</div>')
       .replace('</head>', head + '</head>');`,
  );
  writeFileSync(
    path.join(webDir, 'prerendered', 'template.html'),
    '<!doctype html><head></head><div id="root"></div>',
  );
  mkdirSync(path.join(webDir, 'locales', 'lo'), { recursive: true });
  writeFileSync(path.join(webDir, 'locales', 'lo', 'common.json'), '{"hello":"ສະບາຍດີ"}');
  t = await createTestApp({ env: { WEB_DIR: webDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  test("an API path parameter over the router's limit is a malformed request, not a missing file", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/players/credits/${'a'.repeat(5000)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v2/no/such/operation' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  test('a visitor gets the pre-rendered page where the build made one, a player the plain shell', async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Fplayer']) {
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.body).toContain('<h1>login</h1>');
      expect(visitor.headers.vary).toContain('Cookie');
    }
    const player = await t.app.inject({ method: 'GET', url: '/login', headers: { cookie: 'sid=abc' } });
    expect(player.body).toBe('<!doctype html><div id="root"></div>');
  });

  test("a visitor's home page is rendered per request with its banners and games", async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    // Both answers the page asks for: the games (drawn by the stand-in renderer) and the banners.
    expect(home.body).toContain('<div id="root" data-prerendered="/"><p>ສະບາຍດີ</p>');
    expect(home.body).toContain('<meta name="seeds" content="2"></head>');
    const { games } = (await t.app.inject({ method: 'GET', url: '/api/v2/games' })).json<{
      games: Array<{ name: string }>;
    }>();
    expect(games.length).toBeGreaterThan(0);
    for (const game of games) expect(home.body).toContain(`<h2>${game.name}</h2>`);
    // A player's home is theirs: the shell, as before.
    const player = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'sid=abc' } });
    expect(player.body).toBe('<!doctype html><div id="root"></div>');
  });

  test('a player page is pre-rendered for players, the visitor who opens it gets the plain shell', async () => {
    const player = await t.app.inject({
      method: 'GET',
      url: '/player/promotion/history',
      headers: { cookie: 'sid=abc' },
    });
    expect(player.body).toContain('<h1>deposit</h1>');
    expect(player.headers.vary).toContain('Cookie');
    // Rendered without a query: a page asked for with one (a lobby tab) is rendered by the browser.
    const withQuery = await t.app.inject({
      method: 'GET',
      url: '/player/promotion/history?tab=x',
      headers: { cookie: 'sid=abc' },
    });
    expect(withQuery.body).toBe('<!doctype html><div id="root"></div>');
    const visitor = await t.app.inject({ method: 'GET', url: '/player/promotion/history' });
    expect(visitor.body).toBe('<!doctype html><div id="root"></div>');
  });

  test("a visitor asking for another lobby tab gets the browser's render, other queries the pre-rendered page", async () => {
    // The pre-rendered page shows the default tab: sent for ?tab=Fish, the app's first render would differ.
    const tab = await t.app.inject({ method: 'GET', url: '/?tab=Fish' });
    expect(tab.body).toBe('<!doctype html><div id="root"></div>');
    const referred = await t.app.inject({ method: 'GET', url: '/?ref=ABCD1234' });
    expect(referred.body).toContain('data-prerendered="/"');
  });

  test('a page open to anyone is pre-rendered for visitors and players alike', async () => {
    const bankPage = async (cookie?: string) =>
      (await t.app.inject({ method: 'GET', url: '/sandbox/bank', headers: cookie ? { cookie } : {} })).body;
    expect(await bankPage()).toContain('<h1>sandbox bank</h1>');
    expect(await bankPage('sid=abc')).toContain('<h1>sandbox bank</h1>');
    expect(await bankPage('lang=cn')).toBe('<!doctype html><div id="root"></div>');
  });

  test('pre-rendered pages (in Lao) go only to browsers whose language is Lao', async () => {
    const lao = await t.app.inject({ method: 'GET', url: '/login', headers: { cookie: 'lang=lo' } });
    expect(lao.body).toContain('<h1>login</h1>');
    const chinese = await t.app.inject({ method: 'GET', url: '/login', headers: { cookie: 'lang=cn' } });
    expect(chinese.body).toBe('<!doctype html><div id="root"></div>');
    const player = await t.app.inject({
      method: 'GET',
      url: '/player/promotion/history',
      headers: { cookie: 'sid=abc; lang=vn' },
    });
    expect(player.body).toBe('<!doctype html><div id="root"></div>');
  });

  test('a player page names the session read for preloading, to players only', async () => {
    const player = await t.app.inject({
      method: 'GET',
      url: '/player/promotion/history?x=1',
      headers: { cookie: 'sid=abc' },
    });
    expect(player.headers.link).toBe(
      '</api/v2/players/session>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect(player.headers.vary).toContain('Cookie');
    const visitor = await t.app.inject({ method: 'GET', url: '/player/promotion/history' });
    expect(visitor.headers.link).toBeUndefined();
    const login = await t.app.inject({ method: 'GET', url: '/login', headers: { cookie: 'sid=abc' } });
    expect(login.headers.link).toBeUndefined();
  });

  test("a provider's lobby is rendered per request with its games; the renderer itself is not a file", async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/player/game/alphabet',
      headers: { cookie: 'sid=abc' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers.vary).toContain('Cookie');
    const { cookie } = await registerAndLogin(t.app);
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v2/games?provider=alphabet',
      headers: { cookie },
    });
    const { games } = api.json<{ games: Array<{ id: string; name: string }> }>();
    expect(games.length).toBeGreaterThan(0);
    expect(page.body).toContain('<div id="root" data-prerendered="/player/game/alphabet"><p>ສະບາຍດີ</p>');
    for (const game of games) expect(page.body).toContain(`<h2>${game.name}</h2>`);
    expect(page.body).toContain('<meta name="seeds" content="1"></head>');
    // The slots of every provider, as the category lobby shows them without a query.
    const slots = (
      await t.app.inject({ method: 'GET', url: '/api/v2/games?category=slot', headers: { cookie } })
    ).json<{ games: Array<{ name: string }> }>().games;
    const category = await t.app.inject({
      method: 'GET',
      url: '/player/games',
      headers: { cookie: 'sid=abc' },
    });
    expect(category.body).toContain('data-prerendered="/player/games"');
    for (const game of slots) expect(category.body).toContain(`<h2>${game.name}</h2>`);
    // A game opened from it: its title comes from the same list.
    const view = await t.app.inject({
      method: 'GET',
      url: `/player/game/alphabet/play/${games[0]!.id}`,
      headers: { cookie: 'sid=abc' },
    });
    expect(view.body).toContain(`data-prerendered="/player/game/alphabet/play/${games[0]!.id}"`);
    expect(view.body).toContain(`<h2>${games[0]!.name}</h2>`);

    // A render that fails falls back to the page as the build made it.
    const fallback = await t.app.inject({
      method: 'GET',
      url: '/player/game/gclub',
      headers: { cookie: 'sid=abc' },
    });
    expect(fallback.body).toContain('gclub as built');

    // The lobby a visitor browses, rendered with the same games for anyone.
    const askmebet = (await t.app.inject({ method: 'GET', url: '/api/v2/games?provider=askmebet' })).json<{
      games: Array<{ name: string }>;
    }>().games;
    expect(askmebet.length).toBeGreaterThan(0);
    for (const headers of [{}, { cookie: 'sid=abc' }]) {
      const visitor = await t.app.inject({ method: 'GET', url: '/games/askmebet', headers });
      expect(visitor.body).toContain('data-prerendered="/games/askmebet"');
      for (const game of askmebet) expect(visitor.body).toContain(`<h2>${game.name}</h2>`);
    }

    for (const file of ['/prerendered/render.cjs', '/prerendered/template.html', '/prerendered/login.html'])
      expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(404);
  });

  test('a page rendered per request is sent compressed as the build compresses, and again when its games change', async () => {
    const lobby = (encoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/player/game/gclub_live',
        headers: { cookie: 'sid=abc', 'accept-encoding': encoding },
      });
    const br = await lobby('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('data-prerendered="/player/game/gclub_live"');
    const gzip = await lobby('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await lobby('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');

    // An operator renames a game: the next visit gets the lobby with the new name, not the kept one.
    const { rows } = await t.ctx.db.query<{ id: string; name: string }>(
      "SELECT id, name FROM games WHERE provider = 'gclub_live' AND enabled ORDER BY id LIMIT 1",
    );
    const game = rows[0]!;
    await t.ctx.db.query('UPDATE games SET name = $2 WHERE id = $1', [game.id, 'Renamed table']);
    try {
      const after = await lobby('identity');
      expect(after.body).toContain('<h2>Renamed table</h2>');
      expect(after.body).not.toContain(`<h2>${game.name}</h2>`);
    } finally {
      await t.ctx.db.query('UPDATE games SET name = $2 WHERE id = $1', [game.id, game.name]);
    }
  });

  test('the promotions are rendered per request for a signed-in player with a bank account, and only then', async () => {
    const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const { cookie } = await registerAndLogin(t.app);
    // Without a bank account the promotions are not shown (docs/player-site.md §6): the page as built.
    expect((await get('/player/promotion', cookie)).body).not.toContain('<h2>');
    await addAccount(t.app, cookie);
    const { promotions } = (await get('/api/v2/promotions?lang=lo', cookie)).json<{
      promotions: Array<{ id: string; title: string }>;
    }>();
    expect(promotions.length).toBeGreaterThan(0);

    const list = await get('/player/promotion', cookie);
    expect(list.body).toContain('data-prerendered="/player/promotion"');
    for (const promotion of promotions) expect(list.body).toContain(`<h2>${promotion.title}</h2>`);
    const detail = await get(`/player/promotion/${promotions[0]!.id}`, cookie);
    expect(detail.body).toContain(`data-prerendered="/player/promotion/${promotions[0]!.id}"`);
    expect(detail.body).toContain(`<h2>${promotions[0]!.title}</h2>`);

    // A cookie that is no live session, or a promotion that does not exist: the page the browser renders.
    for (const [url, as] of [
      ['/player/promotion', 'sid=abc'],
      [`/player/promotion/${promotions[0]!.id}`, 'sid=abc'],
      ['/player/promotion/no-such-promotion', cookie],
    ] as const) {
      const page = await get(url, as);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<h2>');
    }
  });

  test('hashed assets are immutable for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/main.3f2a9c1b7d.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(bigScript);
  });

  test('assets are compressed with brotli or gzip when asked', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/main.3f2a9c1b7d.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/main.3f2a9c1b7d.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  test("the build's brotli copy of a page is sent as it is, the page itself to a browser without brotli", async () => {
    // Under the 1 KB below which the server compresses nothing itself: only the build's copy can be br.
    const page = '<div id="root"><h1>login</h1></div>';
    writeFileSync(path.join(webDir, 'prerendered', 'login.html.br'), brotliCompressSync(page));
    try {
      const br = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page);
      const plain = await t.app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(page);
    } finally {
      rmSync(path.join(webDir, 'prerendered', 'login.html.br'));
    }
  });

  test('index.html and unhashed files are revalidated', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    const locale = await t.app.inject({ method: 'GET', url: '/locales/lo/common.json' });
    expect(locale.statusCode).toBe(200);
    expect(locale.json()).toEqual({ hello: 'ສະບາຍດີ' });
  });

  test('client routes fall back to index.html; missing files and /api do not', async () => {
    for (const url of ['/', '/player/promotion/history', '/player/promotion/welcome-100?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"');
    }
    const missingFile = await t.app.inject({ method: 'GET', url: '/missing.3f2a9c1b7d.js' });
    expect(missingFile.statusCode).toBe(404);
    // A directory is not listed, just not found.
    expect((await t.app.inject({ method: 'GET', url: '/locales/' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/v2/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });
});

describe('/api/docs', () => {
  const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);

  test('is Swagger UI, served from this server only, within the Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // No inline script: every script is a file.
    expect(res.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const assets = assetsOf(res.body);
    expect(assets).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/api\/docs\/[\d.]+\/swagger-ui\.css$/),
        expect.stringMatching(/^\/api\/docs\/[\d.]+\/swagger-ui-bundle\.js$/),
        '/api/docs/init.js',
      ]),
    );
    for (const url of assets) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/^text\/(css|javascript)/);
      expect(asset.body.length).toBeGreaterThan(100);
    }
  });

  test('serves the contract it renders, as YAML and JSON', async () => {
    const yaml = await t.app.inject({ method: 'GET', url: '/api/openapi.yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('operationId: loginPlayer');
    const json = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const ids = Object.values(json.json().paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((item) => Object.values(item).map((op) => op.operationId))
      .sort();
    expect(ids).toEqual(
      listOperations()
        .map((o) => o.operation.operationId)
        .sort(),
    );
  });

  test('offers the try-it console in sandbox mode only', async () => {
    // Built directly: the suite's own app is in sandbox mode on PGlite but not on PostgreSQL.
    const sandbox = Fastify({ logger: false });
    registerDocs(sandbox, { sandbox: true });
    const sandboxPage = await sandbox.inject({ method: 'GET', url: '/api/docs' });
    expect(sandboxPage.body).toContain('data-try-it="true"');
    await sandbox.close();
    const production = Fastify({ logger: false });
    registerDocs(production, { sandbox: false });
    const productionPage = await production.inject({ method: 'GET', url: '/api/docs' });
    expect(productionPage.body).toContain('data-try-it="false"');
    await production.close();
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("supportedSubmitMethods: tryIt ? ['get', 'post'] : []");
  });
});

describe('without a web build', () => {
  let bare: TestApp;
  let emptyDir: string;
  beforeAll(async () => {
    emptyDir = mkdtempSync(path.join(os.tmpdir(), 'player-site-noweb-'));
    bare = await createTestApp({ env: { WEB_DIR: emptyDir } });
  });
  afterAll(async () => {
    await bare.close();
    rmSync(emptyDir, { recursive: true, force: true });
  });

  test('translations come from public/locales and pages answer 404 in the error shape', async () => {
    const locale = await bare.app.inject({ method: 'GET', url: '/locales/lo/common.json' });
    expect(locale.statusCode).toBe(200);
    expect(locale.headers['cache-control']).toBe('no-cache');
    expect(() => locale.json()).not.toThrow();
    const page = await bare.app.inject({ method: 'GET', url: '/player/deposit' });
    expect(page.statusCode).toBe(404);
    expect(page.json().code).toBe('NOT_FOUND');
  });
});
