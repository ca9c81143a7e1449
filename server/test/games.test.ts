import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROVIDERS } from '@core/providers';
import { connect } from '../src/db/connect';
import { migrate, migrationFiles } from '../src/db/migrate';
import { GAME_ART_MOTIFS, SEED_GAMES, thumbnailOf } from '../src/db/seedGames';
import { seedMoney } from '../src/db/seedMoney';
import { runOps } from '../src/ops/commands';
import { createTestApp, emptyPgliteDir, jsonHeaders, registerAndLogin, type TestApp } from './helpers';
import { call, fundedPlayer } from './moneyFixtures';

interface Game {
  id: string;
  provider: string;
  category: string;
  name: string;
  thumbnail: string;
  isNew: boolean;
  isHot: boolean;
  order: number;
  opensIn: string;
}

const CATEGORIES = ['slot', 'sport', 'casino', 'fish', 'card', 'chicken'];

/** The 14 games migration 002's seed created: web mocks and older tests name them. */
/** The games migration 002's seed put in a database, with the names it gave them. */
const NAMES_BY_002: Record<string, string> = {
  'alp-slot-001': 'Mekong Fortune',
  'alp-slot-002': 'Golden Elephant',
  'alp-fish-001': 'Ocean King',
  'alp-chicken-001': 'Rooster Fight',
  'amb-slot-001': 'Golden Naga',
  'amb-slot-002': 'Lucky Lantern',
  'amb-sport-001': 'Football Live',
  'amb-card-001': 'Pokdeng',
  'gc-casino-001': 'Baccarat',
  'gc-casino-002': 'Roulette',
  'gc-card-001': 'Dragon Tiger',
  'gcl-casino-001': 'Live Baccarat',
  'gcl-casino-002': 'Live Sic Bo',
  'gcl-card-001': 'Live Blackjack',
};
const SEEDED_BY_002 = Object.keys(NAMES_BY_002);

describe('game catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function games(cookie: string, query = ''): Promise<Game[]> {
    const res = await call(t.app, 'listGames', 'GET', `/api/v2/games${query}`, { cookie });
    expect(res.status).toBe(200);
    return res.body.games;
  }

  async function mine(cookie: string): Promise<{ favourites: string[]; recent: string[] }> {
    const res = await call(t.app, 'getPlayerGames', 'GET', '/api/v2/games/mine', { cookie });
    expect(res.status).toBe(200);
    return {
      favourites: res.body.favourites.map((g: Game) => g.id),
      recent: res.body.recent.map((g: Game) => g.id),
    };
  }

  /** PUT or DELETE a favourite; `call` only speaks GET and POST. */
  async function favourite(cookie: string, method: 'PUT' | 'DELETE', gameId: string) {
    // No body, so no content type: as the web app sends it.
    const { 'content-type': _none, ...headers } = jsonHeaders(cookie);
    const res = await t.app.inject({ method, url: `/api/v2/games/favourites/${gameId}`, headers });
    return { status: res.statusCode, body: res.json() };
  }

  async function launch(cookie: string, provider: string, gameId: string) {
    return call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
      cookie,
      payload: { provider, gameId },
    });
  }

  async function ops(...argv: string[]) {
    const { exitCode, output } = await runOps(t.ctx, argv);
    return { code: exitCode, out: output };
  }

  it('lists a catalogue of at least 60 games over the four providers and the six categories, in lobby order', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const all = await games(cookie);
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((g) => g.id)).size).toBe(all.length);
    expect(new Set(all.map((g) => g.category))).toEqual(new Set(CATEGORIES));
    for (const provider of PROVIDERS)
      expect(all.filter((g) => g.provider === provider).length).toBeGreaterThanOrEqual(10);

    // Providers in menu order, then each game's order.
    const rank = (g: Game) => [PROVIDERS.indexOf(g.provider as never), g.order];
    for (let i = 1; i < all.length; i += 1) {
      const [pa, oa] = rank(all[i - 1]!);
      const [pb, ob] = rank(all[i]!);
      expect(pa! < pb! || (pa === pb && oa! <= ob!)).toBe(true);
    }
    const thumbnails = new Set(GAME_ART_MOTIFS.map(thumbnailOf));
    for (const g of all) {
      expect(thumbnails.has(g.thumbnail)).toBe(true);
      expect(g.opensIn).toBe('frame');
    }
    expect(all.some((g) => g.isNew)).toBe(true);
    expect(all.some((g) => g.isHot)).toBe(true);
    expect(all.filter((g) => g.isNew || g.isHot).length).toBeLessThan(all.length / 2);
  });

  it('keeps the games seeded before the catalogue, enabled and with artwork', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const byId = new Map((await games(cookie)).map((g) => [g.id, g]));
    for (const id of SEEDED_BY_002) expect(byId.get(id)?.thumbnail).toMatch(/^\/games\/art\/[a-z-]+\.svg$/);
    expect(byId.get('amb-slot-001')).toMatchObject({
      provider: 'askmebet',
      category: 'slot',
      name: 'Golden Naga',
    });
  });

  it('filters by provider, by category, and by both', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const live = await games(cookie, '?provider=gclub_live');
    expect(live.length).toBeGreaterThanOrEqual(10);
    expect(live.every((g) => g.provider === 'gclub_live')).toBe(true);
    expect(live.filter((g) => g.category === 'casino').length).toBeGreaterThan(live.length / 2);
    expect(live.map((g) => g.order)).toEqual([...live.map((g) => g.order)].sort((a, b) => a - b));

    const fish = await games(cookie, '?category=fish');
    expect(fish.every((g) => g.category === 'fish')).toBe(true);
    expect(new Set(fish.map((g) => g.provider)).size).toBeGreaterThan(1);

    const slots = await games(cookie, '?provider=askmebet&category=slot');
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((g) => g.provider === 'askmebet' && g.category === 'slot')).toBe(true);
    expect(slots.map((g) => g.id)).toContain('amb-slot-001');

    const res = await call(t.app, 'listGames', 'GET', '/api/v2/games?provider=nope', { cookie });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });

  it('keeps favourites per player: newest first, marking twice or unmarking twice changes nothing', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    expect(await mine(a.cookie)).toEqual({ favourites: [], recent: [] });

    expect(await favourite(a.cookie, 'PUT', 'amb-slot-001')).toEqual({ status: 200, body: { ok: true } });
    expect((await favourite(a.cookie, 'PUT', 'gcl-casino-003')).status).toBe(200);
    expect((await favourite(a.cookie, 'PUT', 'alp-fish-002')).status).toBe(200);
    expect((await favourite(a.cookie, 'PUT', 'amb-slot-001')).status).toBe(200);
    expect((await mine(a.cookie)).favourites).toEqual(['alp-fish-002', 'gcl-casino-003', 'amb-slot-001']);

    expect(await favourite(a.cookie, 'DELETE', 'gcl-casino-003')).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await favourite(a.cookie, 'DELETE', 'gcl-casino-003')).status).toBe(200);
    expect((await mine(a.cookie)).favourites).toEqual(['alp-fish-002', 'amb-slot-001']);

    expect(await favourite(a.cookie, 'PUT', 'no-such-game')).toMatchObject({
      status: 404,
      body: { code: 'GAME_NOT_FOUND' },
    });
    expect((await favourite(a.cookie, 'PUT', 'Bad_Id!')).status).toBe(400);
    expect(await mine(b.cookie)).toEqual({ favourites: [], recent: [] });
  });

  it('lists the catalogue to a visitor without a session, as to a player; their own games need one', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const visitor = await call(t.app, 'listGames', 'GET', '/api/v2/games?provider=gclub_live');
    expect(visitor.status).toBe(200);
    expect(visitor.body.games).toEqual(await games(cookie, '?provider=gclub_live'));
    expect((await call(t.app, 'getPlayerGames', 'GET', '/api/v2/games/mine')).status).toBe(401);
    expect((await favourite('', 'PUT', 'amb-slot-001')).status).toBe(401);
  });

  it('keeps the last 12 games a player launched, the latest launch first, for that player only', async () => {
    const a = await fundedPlayer(t.app);
    const b = await fundedPlayer(t.app);
    const alphabet = (await games(a.cookie, '?provider=alphabet')).map((g) => g.id);
    expect(alphabet.length).toBeGreaterThanOrEqual(13);
    for (const id of alphabet.slice(0, 13)) expect((await launch(a.cookie, 'alphabet', id)).status).toBe(200);
    // Launching a game again moves it to the top.
    expect((await launch(a.cookie, 'alphabet', alphabet[0]!)).status).toBe(200);

    const { recent } = await mine(a.cookie);
    expect(recent).toEqual([alphabet[0], ...alphabet.slice(2, 13).reverse()]);
    expect(recent).toHaveLength(12);
    expect((await mine(b.cookie)).recent).toEqual([]);
  });

  it('drops a disabled game from the list, favourites and recent, and shows it again once enabled', async () => {
    expect((await ops('games', 'add', 'alp-slot-900', 'alphabet', 'slot', 'Temple Run Riches')).code).toBe(0);
    const p = await fundedPlayer(t.app);
    expect((await favourite(p.cookie, 'PUT', 'alp-slot-900')).status).toBe(200);
    expect((await launch(p.cookie, 'alphabet', 'alp-slot-900')).status).toBe(200);
    expect(await mine(p.cookie)).toEqual({ favourites: ['alp-slot-900'], recent: ['alp-slot-900'] });

    expect((await ops('games', 'disable', 'alp-slot-900')).code).toBe(0);
    expect((await games(p.cookie)).map((g) => g.id)).not.toContain('alp-slot-900');
    expect(await mine(p.cookie)).toEqual({ favourites: [], recent: [] });
    expect(await favourite(p.cookie, 'PUT', 'alp-slot-900')).toMatchObject({
      status: 409,
      body: { code: 'GAME_DISABLED' },
    });

    expect((await ops('games', 'enable', 'alp-slot-900')).code).toBe(0);
    expect((await games(p.cookie)).map((g) => g.id)).toContain('alp-slot-900');
    expect(await mine(p.cookie)).toEqual({ favourites: ['alp-slot-900'], recent: ['alp-slot-900'] });
  });

  it('lets the operator add, order, flag, disable and list games', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const added = await ops(
      'games',
      'add',
      'amb-fish-900',
      'askmebet',
      'fish',
      'Mekong',
      'Dragon',
      'Fishing',
      '--thumbnail',
      'fish-octopus',
      '--new',
      '--order',
      '5',
    );
    expect(added.code).toBe(0);
    expect(added.out).toContain('amb-fish-900');
    let askmebet = await games(cookie, '?provider=askmebet');
    expect(askmebet[0]).toEqual({
      id: 'amb-fish-900',
      provider: 'askmebet',
      category: 'fish',
      name: 'Mekong Dragon Fishing',
      thumbnail: '/games/art/fish-octopus.svg',
      isNew: true,
      isHot: false,
      order: 5,
      opensIn: 'frame',
    });

    // Without --order a game goes after the provider's last one.
    expect((await ops('games', 'add', 'amb-card-900', 'askmebet', 'card', 'Kang Card')).code).toBe(0);
    askmebet = await games(cookie, '?provider=askmebet');
    expect(askmebet.at(-1)).toMatchObject({ id: 'amb-card-900', thumbnail: '/games/art/card-pokdeng.svg' });

    expect((await ops('games', 'order', 'amb-fish-900', '1000')).code).toBe(0);
    expect((await ops('games', 'flag', 'amb-fish-900', '--new', '--hot')).code).toBe(0);
    askmebet = await games(cookie, '?provider=askmebet');
    expect(askmebet.at(-1)).toMatchObject({ id: 'amb-fish-900', order: 1000, isNew: true, isHot: true });
    expect((await ops('games', 'flag', 'amb-fish-900', '--plain')).code).toBe(0);
    expect((await games(cookie, '?provider=askmebet')).at(-1)).toMatchObject({ isNew: false, isHot: false });

    expect((await ops('games', 'disable', 'amb-card-900')).code).toBe(0);
    const listed = await ops('games', 'list', '--provider', 'askmebet');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/amb-card-900 .* DISABLED .*Kang Card/);
    expect(listed.out).toMatch(/amb-fish-900 .* enabled .*Mekong Dragon Fishing/);
    expect(listed.out).not.toContain('gc-casino-001');
    expect(listed.out).toContain(`${SEED_GAMES.askmebet.length + 2} game(s)`);
  });

  it('refuses unknown games, taken ids and bad fields (exit 1), and malformed commands (exit 2)', async () => {
    expect(await ops('games', 'disable', 'no-such-game')).toMatchObject({
      code: 1,
      out: expect.stringContaining('GAME_NOT_FOUND'),
    });
    expect(await ops('games', 'add', 'amb-slot-001', 'askmebet', 'slot', 'Again')).toMatchObject({
      code: 1,
      out: expect.stringContaining('VALIDATION_ERROR'),
    });
    for (const bad of [
      ['games', 'add', 'Bad_Id', 'askmebet', 'slot', 'Name'],
      ['games', 'add', 'amb-x-901', 'nowhere', 'slot', 'Name'],
      ['games', 'add', 'amb-x-902', 'askmebet', 'lottery', 'Name'],
      ['games', 'add', 'amb-x-903', 'askmebet', 'slot', 'Name', '--thumbnail', 'unicorn'],
    ])
      expect(await ops(...bad)).toMatchObject({ code: 1, out: expect.stringContaining('VALIDATION_ERROR') });
    for (const bad of [
      ['games'],
      ['games', 'shuffle'],
      ['games', 'disable'],
      ['games', 'add', 'amb-x-904', 'askmebet', 'slot'],
      ['games', 'order', 'amb-slot-001', 'first'],
      ['games', 'flag', 'amb-slot-001'],
      ['games', 'flag', 'amb-slot-001', '--new', '--plain'],
      ['games', 'list', '--provider', 'nowhere'],
      ['games', 'list', '--shiny'],
    ])
      expect(await ops(...bad)).toMatchObject({ code: 2, out: expect.stringContaining('usage:') });
  });
});

// The studio plays every casino and card game as a baccarat table (docs/games.md): their names and artwork
// promise nothing else, on a fresh database and on one upgraded from 002's seed (the test below).
test('every table game is named and drawn as the baccarat table it plays', () => {
  const tables = Object.values(SEED_GAMES)
    .flat()
    .filter(([, category]) => category === 'casino' || category === 'card');
  expect(tables.length).toBeGreaterThan(20);
  for (const [id, , name, motif] of tables) {
    expect(`${id} ${name}`).toMatch(/Baccarat|Punto Banco/);
    expect(`${id} ${name}`).not.toMatch(/Roulette|Sic Bo|Blackjack|Pok ?Deng|Poker|Hold'em|Fan Tan|Hi-Lo/i);
    expect(['casino-roulette', 'casino-sicbo', 'casino-blackjack']).not.toContain(motif);
  }
});

// A database from before the catalogue: 002's fourteen games get the artwork, order and flags the seed
// gives them on a fresh database, so old and new databases show the same lobby.
test('migration 007 gives the games seeded by 002 their catalogue artwork and order', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'games-upgrade-'));
  const before007 = path.join(dir, 'migrations');
  mkdirSync(before007);
  for (const name of migrationFiles().filter((n) => n < '007'))
    cpSync(path.join(__dirname, '../src/db/migrations', name), path.join(before007, name));
  // initdb already run (helpers.ts): the old migrations are applied here.
  const data = await emptyPgliteDir();
  const db = await connect({ databaseUrl: '', dataDir: data });
  try {
    await migrate(db, before007);
    await seedMoney(db);
    // What seedMoney inserted before issue 12.
    for (const [i, id] of SEEDED_BY_002.entries()) {
      const [prefix, category] = id.split('-') as [string, string];
      const provider = { alp: 'alphabet', amb: 'askmebet', gc: 'gclub', gcl: 'gclub_live' }[prefix];
      await db.query('INSERT INTO games (id, provider, category, name, sort) VALUES ($1, $2, $3, $4, $5)', [
        id,
        provider,
        category,
        NAMES_BY_002[id],
        i,
      ]);
    }
    await migrate(db);
    const { rows } = await db.query<{
      id: string;
      thumbnail: string;
      sort: number;
      is_new: boolean;
      is_hot: boolean;
    }>('SELECT id, thumbnail, sort, is_new, is_hot FROM games WHERE enabled ORDER BY id');
    const seeded = new Map(
      Object.values(SEED_GAMES)
        .flatMap((list) => list.map((g, i) => [g, (i + 1) * 10] as const))
        .map(([[id, , , motif, flag], order]) => [
          id,
          { id, thumbnail: thumbnailOf(motif), sort: order, is_new: flag === 'new', is_hot: flag === 'hot' },
        ]),
    );
    expect(rows).toHaveLength(SEEDED_BY_002.length);
    for (const row of rows) expect(row).toEqual(seeded.get(row.id));
    // 002's "Roulette", "Live Sic Bo" and "Live Blackjack" are baccarat tables by their names too (021).
    const names = await db.query<{ name: string }>(
      "SELECT name FROM games WHERE category IN ('casino', 'card') ORDER BY id",
    );
    for (const { name } of names.rows) expect(name).toMatch(/Baccarat|Punto Banco/);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
});

/** Sport, fish and chicken games are a pick of one of three in the studio (docs/games.md). */
const PICK_CATEGORIES = ['sport', 'fish', 'chicken'];

// Issue 27: a game's name says what is played. A database seeded before keeps any name of its own, and the
// names it holds as seeded become the new ones.
test('migration 019 names every pick-one-of-three game for what it is, leaving names not as seeded', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'games-pick-names-'));
  const before019 = path.join(dir, 'migrations');
  mkdirSync(before019);
  for (const name of migrationFiles().filter((n) => n < '019'))
    cpSync(path.join(__dirname, '../src/db/migrations', name), path.join(before019, name));
  // initdb already run (helpers.ts): the old migrations are applied here.
  const data = await emptyPgliteDir();
  const db = await connect({ databaseUrl: '', dataDir: data });
  try {
    await migrate(db, before019);
    await seedMoney(db);
    // The catalogue as seeded before: 'Live Cockfight Arena' and the rest.
    await db.query(
      `INSERT INTO games (id, provider, category, name, thumbnail, sort) VALUES
         ('gcl-chicken-001', 'gclub_live', 'chicken', 'Live Cockfight Arena', '/games/art/chicken-arena.svg', 10),
         ('amb-sport-001', 'askmebet', 'sport', 'Football Live', '/games/art/sport-football.svg', 20),
         ('alp-fish-001', 'alphabet', 'fish', 'Deep Sea Special', '/games/art/fish-shark.svg', 30)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`,
    );
    await migrate(db);
    const { rows } = await db.query<{ id: string; name: string }>(
      `SELECT id, name FROM games WHERE id IN ('gcl-chicken-001', 'amb-sport-001', 'alp-fish-001') ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 'alp-fish-001', name: 'Deep Sea Special' },
      { id: 'amb-sport-001', name: 'Penalty Pick 3' },
      { id: 'gcl-chicken-001', name: 'Cockfight Arena Pick 3' },
    ]);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
});

test('the seeded catalogue names its pick games as picks, none as live, a hunt or odds', () => {
  const picks = Object.values(SEED_GAMES)
    .flat()
    .filter(([, category]) => PICK_CATEGORIES.includes(category));
  expect(picks.length).toBeGreaterThanOrEqual(18);
  for (const [id, , name] of picks) {
    expect(`${id}: ${name}`).toMatch(/Pick/);
    expect(`${id}: ${name}`).not.toMatch(/\bLive\b|Hunter|Blaster|Odds|Fishing|Fight/);
  }
});
