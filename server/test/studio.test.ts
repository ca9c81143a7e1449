import { randomBytes } from 'node:crypto';
import { issueLaunchToken } from '../src/domain/games/launchTokens';
import { notePlayActivity, playedTodaySeconds } from '../src/domain/players/playTime';
import { takeTimeOut } from '../src/domain/protection/exclusions';
import { setLimit } from '../src/domain/protection/protectionLimits';
import { playStudioRound } from '../src/sandbox/studio/rounds';
import { toInt } from '../src/db/values';
import { REVEAL_MULTIPLIERS, revealPayout } from '@core/revealRules';
import { roundSeed, SeededRandom } from '../src/sandbox/studio/rng';
import { lineWins, LINES, PAYLINES, PAYS, spinReels, SYMBOL_WEIGHTS, SYMBOLS } from '@core/slotRules';
import { handTotal } from '@core/baccarat';
import { bankerDraws, deal, tablePayout } from '../src/sandbox/studio/tableRules';
import { formatMinor } from '@core/numberFormat';
import { vientianeDay, vientianeDayStart } from '@core/rewardPeriods';
// The studio page's pure parts (studio/src) are tested here, in the server's project, beside the rules
// they draw; the floors rule guards against the web app in src/, which this is not.
/* eslint-disable no-restricted-imports */
import { formatMultiplier, formatThb } from '../../studio/src/format';
import { errorText, fill, symbolName, TEXTS, textsFor } from '../../studio/src/texts';
/* eslint-enable no-restricted-imports */
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { call } from './moneyFixtures';

const STUDIO_SEED = 'studio-test-seed';
const BETS = [100, 500, 1000, 5000, 10000];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', STUDIO_SEED } });
});
afterAll(async () => {
  await t?.close();
});

/** Credit put into the player's wallet at the provider as a transfer in would (keeps in − out + rounds = balance). */
async function fund(playerId: string, provider: string, amount: number): Promise<void> {
  await t.ctx.db.tx(async (q) => {
    await q.query(
      `INSERT INTO sandbox_provider_wallets (provider, player_id, balance) VALUES ($1, $2, $3)
       ON CONFLICT (provider, player_id) DO UPDATE SET balance = sandbox_provider_wallets.balance + EXCLUDED.balance`,
      [provider, playerId, amount],
    );
    await q.query(
      `INSERT INTO sandbox_provider_transactions (provider, ref, player_id, direction, amount)
       VALUES ($1, $2, $3, 'IN', $4)`,
      [provider, `test-fund:${randomBytes(6).toString('hex')}`, playerId, amount],
    );
  });
}

async function wallet(playerId: string, provider: string): Promise<number> {
  const r = await t.ctx.db.query<{ balance: unknown }>(
    'SELECT balance FROM sandbox_provider_wallets WHERE provider = $1 AND player_id = $2',
    [provider, playerId],
  );
  return r.rows[0] ? toInt(r.rows[0].balance) : 0;
}

/** The provider's own invariant: transfers in − transfers out + Σ (win − bet) over rounds. */
async function walletFromRecords(playerId: string, provider: string): Promise<number> {
  const r = await t.ctx.db.query<{ total: unknown }>(
    `SELECT (SELECT COALESCE(SUM(CASE direction WHEN 'IN' THEN amount ELSE -amount END), 0)
               FROM sandbox_provider_transactions WHERE provider = $1 AND player_id = $2)
          + (SELECT COALESCE(SUM(win - bet), 0) FROM sandbox_game_rounds WHERE provider = $1 AND player_id = $2)
          AS total`,
    [provider, playerId],
  );
  return toInt(r.rows[0]!.total);
}

async function token(playerId: string, provider: string, gameId: string, now?: Date): Promise<string> {
  const issued = await issueLaunchToken(
    t.ctx.db,
    { playerId, provider: provider as 'alphabet', gameId },
    now ? { now: () => now } : {},
  );
  return issued.token;
}

function openSession(provider: string, gameId: string, launchToken: string) {
  return call(t.app, 'openStudioSession', 'POST', '/api/v2/sandbox/studio/sessions', {
    payload: { provider, gameId, token: launchToken },
  });
}

function play(payload: Record<string, unknown>) {
  return call(t.app, 'playStudioRound', 'POST', '/api/v2/sandbox/studio/rounds', { payload });
}

function settle(session: string, roundId: string) {
  return call(t.app, 'settleStudioRound', 'POST', `/api/v2/sandbox/studio/rounds/${roundId}/settle`, {
    payload: { session },
  });
}

async function gameOf(category: string): Promise<{ id: string; provider: string }> {
  const r = await t.ctx.db.query<{ id: string; provider: string }>(
    'SELECT id, provider FROM games WHERE category = $1 ORDER BY provider, sort, id LIMIT 1',
    [category],
  );
  if (!r.rows[0]) throw new Error(`no ${category} game seeded`);
  return r.rows[0];
}

/** A player with `credit` satang at the game's provider and an open studio session of that game. */
async function playerAt(game: { id: string; provider: string }, credit: number) {
  const { playerId } = await registerAndLogin(t.app);
  if (credit > 0) await fund(playerId, game.provider, credit);
  const opened = await openSession(game.provider, game.id, await token(playerId, game.provider, game.id));
  if (opened.status !== 200)
    throw new Error(`openStudioSession ${opened.status} ${JSON.stringify(opened.body)}`);
  return { playerId, session: opened.body.session as string, opened: opened.body };
}

/**
 * When a test's spins span `minutes` from now: the limits are per Vientiane day, so a run just before local
 * midnight starts its spins just after it instead, with the game's opening moved there too (the time before
 * the first spin counts from it). Otherwise now.
 */
async function withinOneDay(session: string, minutes: number): Promise<Date> {
  const now = new Date();
  const end = new Date(now.getTime() + minutes * 60_000);
  if (vientianeDay(end) === vientianeDay(now)) return now;
  const start = vientianeDayStart(vientianeDay(end));
  await t.ctx.db.query('UPDATE sandbox_studio_sessions SET created_at = $2 WHERE id = $1', [
    session,
    start.toISOString(),
  ]);
  return start;
}

describe('the studio rules', () => {
  test('a round seed is HMAC-SHA256 of the round id under the studio seed, and draws repeat exactly', () => {
    const seed = roundSeed(STUDIO_SEED, '00000000-0000-4000-8000-000000000001');
    expect(seed).toBe('ea5ac37e3a43f638095d387880e713e044c3d9bd3acff54bed88df1697b16565');
    const a = new SeededRandom(seed);
    const b = new SeededRandom(seed);
    const draws = Array.from({ length: 50 }, () => a.int(13));
    expect(Array.from({ length: 50 }, () => b.int(13))).toEqual(draws);
    expect(new Set(draws).size).toBeGreaterThan(5);
    expect(roundSeed('another-seed', '00000000-0000-4000-8000-000000000001')).not.toBe(seed);
  });

  test('the slot of a fixed seed and round id: its reels, its winning line, its win', () => {
    const reels = spinReels(new SeededRandom(roundSeed(STUDIO_SEED, '00000000-0000-4000-8000-000000000001')));
    expect(reels).toEqual([
      ['K', 'Q', 'K'],
      ['Q', 'K', 'CHERRY'],
      ['Q', 'K', '7'],
      ['BELL', 'Q', 'Q'],
      ['J', 'J', 'J'],
    ]);
    // Line 8 crosses rows 1, 0, 0, 0, 1: Q Q Q BELL J, three queens paying 12 times the line bet.
    expect(lineWins(reels, LINES, 100)).toEqual([{ line: 8, symbol: 'Q', count: 3, win: 1200 }]);
    // Played on 7 lines only, line 8 does not count.
    expect(lineWins(reels, 7, 100)).toEqual([]);
  });

  test('lines pay 3, 4 and 5 equal symbols from the leftmost reel only', () => {
    // The top row as given; the rows below alternate, so they never line up.
    const row = (top: string[]) => top.map((s, i) => [s, i % 2 ? 'Q' : 'K', i % 2 ? 'K' : 'Q']) as never;
    // Line 2 is the top row.
    const wins = (top: string[]) => lineWins(row(top), 2, 100).filter((w) => w.line === 2);
    expect(wins(['A', 'A', 'A', 'K', 'A'])).toEqual([{ line: 2, symbol: 'A', count: 3, win: 2000 }]);
    expect(wins(['7', '7', '7', '7', 'J'])).toEqual([{ line: 2, symbol: '7', count: 4, win: 100_000 }]);
    expect(wins(['J', 'J', 'J', 'J', 'J'])).toEqual([{ line: 2, symbol: 'J', count: 5, win: 15_000 }]);
    expect(wins(['K', 'A', 'A', 'A', 'A'])).toEqual([]);
  });

  test('the slot returns 96.5% to the player (house edge a few percent)', () => {
    const total = SYMBOLS.reduce((sum, s) => sum + SYMBOL_WEIGHTS[s], 0);
    let rtp = 0;
    for (const s of SYMBOLS) {
      const p = SYMBOL_WEIGHTS[s] / total;
      const [three, four, five] = PAYS[s];
      rtp += three * p ** 3 * (1 - p) + four * p ** 4 * (1 - p) + five * p ** 5;
    }
    expect(rtp).toBeCloseTo(0.9648, 4);
    expect(PAYLINES).toHaveLength(10);
    for (const line of PAYLINES) expect(line.every((r) => r >= 0 && r <= 2)).toBe(true);
  });

  test('baccarat: totals, the third-card rules and the pays (banker 0.95 rounded down)', () => {
    expect(handTotal(['9H', '10S'])).toBe(9);
    expect(handTotal(['KC', '2D', '6H'])).toBe(8);
    expect(handTotal(['AH', '9D'])).toBe(0);
    expect(bankerDraws(5, undefined)).toBe(true);
    expect(bankerDraws(6, undefined)).toBe(false);
    expect(bankerDraws(3, '8S')).toBe(false);
    expect(bankerDraws(3, '9S')).toBe(true);
    expect(bankerDraws(6, '7S')).toBe(true);
    expect(bankerDraws(6, '5S')).toBe(false);
    expect(deal(new SeededRandom(roundSeed(STUDIO_SEED, '00000000-0000-4000-8000-000000000001')))).toEqual({
      playerCards: ['KC', '2D', '6H'],
      bankerCards: ['8S', '4H', '8C'],
      winner: 'player',
    });
    expect(tablePayout('player', 'player', 1000)).toBe(2000);
    expect(tablePayout('banker', 'banker', 1000)).toBe(1950);
    expect(tablePayout('banker', 'banker', 7)).toBe(13);
    expect(tablePayout('tie', 'tie', 1000)).toBe(9000);
    expect(tablePayout('player', 'tie', 1000)).toBe(1000);
    expect(tablePayout('banker', 'tie', 1000)).toBe(1000);
    expect(tablePayout('player', 'banker', 1000)).toBe(0);
    expect(tablePayout('tie', 'player', 1000)).toBe(0);
  });

  test('reveal: the three multipliers return 96.67% on average', () => {
    expect(REVEAL_MULTIPLIERS.reduce((a, b) => a + b, 0) / REVEAL_MULTIPLIERS.length).toBeCloseTo(96.67, 2);
    expect(revealPayout([0, 240, 50], 1, 500)).toBe(1200);
    expect(revealPayout([0, 240, 50], 2, 100)).toBe(50);
    expect(revealPayout([0, 240, 50], 0, 10000)).toBe(0);
  });
});

describe('studio sessions', () => {
  test('a launch token opens a session of its game, once', async () => {
    const game = await gameOf('slot');
    const { playerId } = await registerAndLogin(t.app);
    await fund(playerId, game.provider, 15_384);
    const launch = await token(playerId, game.provider, game.id);

    const opened = await openSession(game.provider, game.id, launch);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      game: { id: game.id, provider: game.provider, category: 'slot' },
      kind: 'slot',
      balance: 15_384,
      currency: 'THB',
      bets: BETS,
      lines: 10,
    });
    expect(opened.body.session).toMatch(/^[0-9a-f]{32}$/);
    expect(opened.body.openRound).toBeUndefined();

    const again = await openSession(game.provider, game.id, launch);
    expect(again).toMatchObject({ status: 403, body: { code: 'LAUNCH_TOKEN_INVALID' } });
  });

  test("an expired token, another game's token and an unknown token are refused", async () => {
    const slot = await gameOf('slot');
    const table = await gameOf('casino');
    const { playerId } = await registerAndLogin(t.app);

    const old = await token(playerId, slot.provider, slot.id, new Date(Date.now() - 10 * 60_000));
    expect(await openSession(slot.provider, slot.id, old)).toMatchObject({
      status: 403,
      body: { code: 'LAUNCH_TOKEN_EXPIRED' },
    });

    const forSlot = await token(playerId, slot.provider, slot.id);
    expect(await openSession(table.provider, table.id, forSlot)).toMatchObject({
      status: 403,
      body: { code: 'LAUNCH_TOKEN_INVALID' },
    });
    // Shown to the wrong game, the token is not spent.
    expect((await openSession(slot.provider, slot.id, forSlot)).status).toBe(200);

    expect(await openSession(slot.provider, slot.id, randomBytes(32).toString('base64url'))).toMatchObject({
      status: 403,
      body: { code: 'LAUNCH_TOKEN_INVALID' },
    });
  });

  test('an unknown or expired session is refused', async () => {
    const game = await gameOf('slot');
    const { session, playerId } = await playerAt(game, 10_000);
    expect(await play({ session: randomBytes(16).toString('hex'), bet: 100 })).toMatchObject({
      status: 403,
      body: { code: 'STUDIO_SESSION_INVALID' },
    });
    await t.ctx.db.query(
      "UPDATE sandbox_studio_sessions SET expires_at = now() - interval '1 minute' WHERE id = $1",
      [session],
    );
    expect(await play({ session, bet: 100 })).toMatchObject({
      status: 403,
      body: { code: 'STUDIO_SESSION_INVALID' },
    });
    expect(await wallet(playerId, game.provider)).toBe(10_000);
  });
});

describe('studio rounds', () => {
  test('a slot round with the fixed seed pays what its reels show and moves the wallet by win − bet', async () => {
    const game = await gameOf('slot');
    const { playerId, session } = await playerAt(game, 1_000_000);
    let balance = 1_000_000;
    let won = 0;
    // About 29% of 10-line spins win: 40 spins all losing would happen once in a million runs.
    for (let i = 0; i < 40 && won < 2; i++) {
      const res = await play({ session, bet: 500, lines: 10 });
      expect(res.status).toBe(200);
      const round = res.body;
      const seed = roundSeed(STUDIO_SEED, round.roundId);
      const reels = spinReels(new SeededRandom(seed));
      const wins = lineWins(reels, 10, 500);
      const win = wins.reduce((sum, w) => sum + w.win, 0);
      expect(round).toMatchObject({
        status: 'SETTLED',
        bet: 5000,
        win,
        balanceAfter: balance - 5000 + win,
        outcome: { reels, lines: 10, winningLines: wins.map((w) => w.line) },
      });
      balance = round.balanceAfter;
      expect(await wallet(playerId, game.provider)).toBe(balance);

      const row = await t.ctx.db.query<Record<string, unknown>>(
        'SELECT session_id, game_id, kind, status, bet, win, balance_after, seed, settled_at FROM sandbox_game_rounds WHERE id = $1',
        [round.roundId],
      );
      expect(row.rows[0]).toMatchObject({ session_id: session, game_id: game.id, kind: 'slot', seed });
      expect(toInt(row.rows[0]!.balance_after)).toBe(balance);
      expect(row.rows[0]!.settled_at).not.toBeNull();
      if (win > 0) won++;
    }
    expect(won).toBeGreaterThan(0);
    expect(await walletFromRecords(playerId, game.provider)).toBe(balance);
  });

  test('fewer lines stake less; a bet above the balance is refused and changes nothing', async () => {
    const game = await gameOf('slot');
    const { playerId, session } = await playerAt(game, 600);
    expect(await play({ session, bet: 100, lines: 10 })).toMatchObject({
      status: 409,
      body: { code: 'CREDIT_NOT_ENOUGH' },
    });
    expect(await wallet(playerId, game.provider)).toBe(600);
    const res = await play({ session, bet: 100, lines: 6 });
    expect(res).toMatchObject({ status: 200, body: { bet: 600, outcome: { lines: 6 } } });
    expect(await wallet(playerId, game.provider)).toBe(res.body.balanceAfter);
  });

  test('only offered bets and the game kind’s own choice are accepted', async () => {
    const slot = await gameOf('slot');
    const { session } = await playerAt(slot, 100_000);
    expect(await play({ session, bet: 250 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
    expect(await play({ session, bet: 100, lines: 11 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
    const table = await playerAt(await gameOf('casino'), 100_000);
    expect(await play({ session: table.session, bet: 100 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', details: [{ field: 'side' }] },
    });
    const reveal = await playerAt(await gameOf('sport'), 100_000);
    expect(await play({ session: reveal.session, bet: 100 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', details: [{ field: 'pick' }] },
    });
  });

  test('a table round opens with the bet taken, blocks another bet, settles once and is paid', async () => {
    const game = await gameOf('casino');
    const { playerId, session, opened } = await playerAt(game, 50_000);
    expect(opened).toMatchObject({ kind: 'table', lines: 0 });

    const bet = await play({ session, bet: 1000, side: 'banker' });
    expect(bet).toMatchObject({
      status: 200,
      body: { status: 'OPEN', bet: 1000, win: 0, balanceAfter: 49_000, outcome: { side: 'banker' } },
    });
    const roundId = bet.body.roundId as string;
    expect(await wallet(playerId, game.provider)).toBe(49_000);
    expect(await walletFromRecords(playerId, game.provider)).toBe(49_000);

    expect(await play({ session, bet: 100, side: 'player' })).toMatchObject({
      status: 409,
      body: { code: 'GAME_ROUND_OPEN' },
    });

    const other = await playerAt(game, 0);
    expect(await settle(other.session, roundId)).toMatchObject({
      status: 404,
      body: { code: 'ROUND_NOT_FOUND' },
    });

    const settled = await settle(session, roundId);
    expect(settled.status).toBe(200);
    const dealt = deal(new SeededRandom(roundSeed(STUDIO_SEED, roundId)));
    const win = tablePayout('banker', dealt.winner, 1000);
    expect(settled.body).toEqual({
      roundId,
      status: 'SETTLED',
      bet: 1000,
      win,
      balanceAfter: 49_000 + win,
      outcome: { side: 'banker', ...dealt },
    });
    const p = handTotal(dealt.playerCards);
    const b = handTotal(dealt.bankerCards);
    expect(dealt.winner).toBe(p > b ? 'player' : b > p ? 'banker' : 'tie');
    expect(await wallet(playerId, game.provider)).toBe(49_000 + win);

    // Settling again answers the same round and pays nothing more.
    expect(await settle(session, roundId)).toEqual(settled);
    expect(await wallet(playerId, game.provider)).toBe(49_000 + win);
    expect(await walletFromRecords(playerId, game.provider)).toBe(49_000 + win);
    expect((await play({ session, bet: 100, side: 'tie' })).body.status).toBe('OPEN');
  });

  test('a time-out stops new bets in a game already open and the launch token issued before it', async () => {
    const game = await gameOf('casino');
    const { playerId, session } = await playerAt(game, 50_000);
    const bet = await play({ session, bet: 1000, side: 'banker' });
    expect(bet.body.status).toBe('OPEN');
    const unused = await token(playerId, game.provider, game.id);

    await t.ctx.db.tx((q) => takeTimeOut(q, playerId, 1, new Date()));
    expect(await play({ session, bet: 100, side: 'player' })).toMatchObject({
      status: 403,
      body: { code: 'PLAYER_TIMED_OUT' },
    });
    expect(await openSession(game.provider, game.id, unused)).toMatchObject({
      status: 403,
      body: { code: 'PLAYER_TIMED_OUT' },
    });
    // The round already open is still settled: its stake is not left hanging at the provider.
    expect((await settle(session, bet.body.roundId as string)).body.status).toBe('SETTLED');
  });

  test('bets inside a game count as play time: the daily limit stops the game and ends the site session', async () => {
    const slot = await gameOf('slot');
    const p = await registerAndLogin(t.app);
    await t.ctx.db.tx((q) => setLimit(q, p.playerId, 'PLAY_TIME', 'DAY', 15, new Date()));
    await fund(p.playerId, slot.provider, 1_000_000);
    const opened = await openSession(slot.provider, slot.id, await token(p.playerId, slot.provider, slot.id));
    const session = opened.body.session as string;
    const start = await withinOneDay(session, 18);

    // A spin every 10 s for 17 minutes, never touching the site.
    const outcomes: string[] = [];
    for (let second = 10; second <= 17 * 60; second += 10) {
      const at = new Date(start.getTime() + second * 1000);
      outcomes.push(
        await playStudioRound(t.ctx, { session, bet: 100, lines: 1 }, at).then(
          () => `ok@${second}`,
          (err: { code?: string }) => `${err.code}@${second}`,
        ),
      );
    }
    const firstRefusal = outcomes.findIndex((o) => !o.startsWith('ok'));
    // 15 minutes of play, counted from the game's opening: the bet at 900 s reaches the limit.
    expect(outcomes[firstRefusal]).toBe('PLAY_TIME_LIMIT_REACHED@900');
    expect(outcomes.slice(firstRefusal).every((o) => o.startsWith('PLAY_TIME_LIMIT_REACHED'))).toBe(true);
    expect(await playedTodaySeconds(t.ctx.db, p.playerId, start)).toBeGreaterThanOrEqual(15 * 60);
    // The session on the site ended with it.
    expect(
      (await call(t.app, 'getPlayerInfo', 'GET', '/api/v2/players/info', { cookie: p.cookie })).status,
    ).toBe(401);
  });

  test('time on the site and in a game at once counts once; a long pause in a game counts nothing', async () => {
    const slot = await gameOf('slot');
    const { playerId, session } = await playerAt(slot, 100_000);
    const start = new Date();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const spin = (seconds: number) => playStudioRound(t.ctx, { session, bet: 100, lines: 1 }, at(seconds));
    const before = await playedTodaySeconds(t.ctx.db, playerId, start);
    await spin(60);
    // The site's own touch covering the same minute adds nothing more.
    await t.ctx.db.tx((q) => notePlayActivity(q, playerId, at(0), at(60)));
    await spin(120);
    // Away for an hour (over the idle timeout), then one more spin: the hour is not play.
    await spin(120 + 3600);
    expect((await playedTodaySeconds(t.ctx.db, playerId, start)) - before).toBeGreaterThanOrEqual(120);
    expect((await playedTodaySeconds(t.ctx.db, playerId, start)) - before).toBeLessThan(125);
  });

  test('an open table round comes back with a reopened game and is settled from there', async () => {
    const game = await gameOf('card');
    const first = await playerAt(game, 20_000);
    const bet = await play({ session: first.session, bet: 5000, side: 'player' });
    expect(bet.body.status).toBe('OPEN');

    const reopened = await openSession(
      game.provider,
      game.id,
      await token(first.playerId, game.provider, game.id),
    );
    expect(reopened.body.openRound).toEqual(bet.body);
    const session = reopened.body.session as string;
    expect(await play({ session, bet: 100, side: 'player' })).toMatchObject({
      status: 409,
      body: { code: 'GAME_ROUND_OPEN' },
    });
    // The round now belongs to the new session.
    expect((await settle(first.session, bet.body.roundId)).status).toBe(404);
    const settled = await settle(session, bet.body.roundId);
    expect(settled.body.status).toBe('SETTLED');
    expect(await wallet(first.playerId, game.provider)).toBe(15_000 + settled.body.win);
  });

  test('a reveal round shows the three multipliers and pays the picked one', async () => {
    const game = await gameOf('fish');
    const { playerId, session, opened } = await playerAt(game, 10_000);
    expect(opened).toMatchObject({ kind: 'reveal', lines: 0 });
    const res = await play({ session, bet: 1000, pick: 2 });
    expect(res.status).toBe(200);
    const { multipliers, winningPick, pick } = res.body.outcome;
    expect([...multipliers].sort((a: number, b: number) => b - a)).toEqual([240, 50, 0]);
    expect(multipliers[winningPick]).toBe(240);
    expect(pick).toBe(2);
    const win = (1000 * multipliers[2]) / 100;
    expect(res.body).toMatchObject({ status: 'SETTLED', bet: 1000, win, balanceAfter: 9000 + win });
    expect(await wallet(playerId, game.provider)).toBe(9000 + win);
  });

  test('every game of every provider opens a session of its kind and plays a round', async () => {
    const KIND: Record<string, string> = {
      slot: 'slot',
      casino: 'table',
      card: 'table',
      sport: 'reveal',
      fish: 'reveal',
      chicken: 'reveal',
    };
    const games = await t.ctx.db.query<{ id: string; provider: string; category: string }>(
      'SELECT id, provider, category FROM games ORDER BY provider, sort, id',
    );
    expect(new Set(games.rows.map((g) => g.provider))).toEqual(
      new Set(['alphabet', 'askmebet', 'gclub', 'gclub_live']),
    );
    const { playerId } = await registerAndLogin(t.app);
    for (const provider of ['alphabet', 'askmebet', 'gclub', 'gclub_live'])
      await fund(playerId, provider, 1_000_000);

    for (const game of games.rows) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/sandbox/studio/${game.provider}/${game.id}?token=x`,
      });
      expect(page.statusCode).toBe(200);

      const opened = await openSession(game.provider, game.id, await token(playerId, game.provider, game.id));
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ kind: KIND[game.category], game: { id: game.id } });
      const session = opened.body.session as string;
      const round = await play({ session, bet: 100, lines: 10, side: 'player', pick: 0 });
      expect(round.status).toBe(200);
      if (round.body.status === 'OPEN') expect((await settle(session, round.body.roundId)).status).toBe(200);
    }
    for (const provider of ['alphabet', 'askmebet', 'gclub', 'gclub_live']) {
      expect(await walletFromRecords(playerId, provider)).toBe(await wallet(playerId, provider));
    }
  });
});

describe('the studio page', () => {
  test('is a small framed HTML page in the asked language, loading the studio bundle', async () => {
    const game = await gameOf('slot');
    const res = await t.app.inject({
      method: 'GET',
      url: `/sandbox/studio/${game.provider}/${game.id}?token=abc&lang=en`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toMatch(/<title>[^<]+<\/title>/);
    expect(res.body).toContain('<main id="studio"');
    expect(res.body).toContain('<script defer src="/studio/studio.js"></script>');
    expect(res.body).toContain('<link rel="stylesheet" href="/studio/studio.css">');
    expect(res.body).not.toContain('abc');

    const lao = await t.app.inject({ method: 'GET', url: `/sandbox/studio/${game.provider}/${game.id}` });
    expect(lao.body).toContain('<html lang="lo">');

    // Every other page keeps refusing to be framed, and the app may frame its own pages.
    const other = await t.app.inject({ method: 'GET', url: '/api/v2/agency' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(other.headers['content-security-policy']).toContain("frame-src 'self'");
    expect(other.headers['x-frame-options']).toBe('DENY');
  });

  test('an unknown provider or game is not found', async () => {
    const game = await gameOf('slot');
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/studio/nobody/${game.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/sandbox/studio/${game.provider}/no-such-game` }))
        .statusCode,
    ).toBe(404);
  });

  test('outside sandbox mode the page and the studio API do not exist', async () => {
    const prod = await createTestApp({
      env: { SANDBOX: 'false', GATEWAY_SECRET: randomBytes(32).toString('hex') },
    });
    try {
      const game = await prod.ctx.db.query<{ id: string; provider: string }>(
        'SELECT id, provider FROM games LIMIT 1',
      );
      const { id, provider } = game.rows[0]!;
      const page = await prod.app.inject({ method: 'GET', url: `/sandbox/studio/${provider}/${id}?token=x` });
      expect(page.statusCode).toBe(404);
      const api = await call(prod.app, 'openStudioSession', 'POST', '/api/v2/sandbox/studio/sessions', {
        payload: { provider, gameId: id, token: randomBytes(32).toString('base64url') },
      });
      expect(api).toMatchObject({ status: 404, body: { code: 'SANDBOX_DISABLED' } });
    } finally {
      await prod.close();
    }
  });
});

describe('the studio page texts and numbers', () => {
  test('every language has every text, none empty; Lao for an unknown language', () => {
    const keys = Object.keys(TEXTS.en!).sort();
    expect(Object.keys(TEXTS).sort()).toEqual(['cn', 'en', 'lo', 'th', 'vn']);
    for (const texts of Object.values(TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual(keys);
      for (const text of Object.values(texts)) expect(text.trim()).not.toBe('');
    }
    expect(textsFor('xx')).toBe(TEXTS.lo);
    expect(textsFor(undefined)).toBe(TEXTS.lo);
    expect(textsFor('vn')).toBe(TEXTS.vn);
  });

  test('amounts show as THB with two decimals and multipliers from hundredths, written as the site writes them', () => {
    expect(formatThb(15_384)).toBe('153,84');
    expect(formatThb(5)).toBe('0,05');
    expect(formatThb(100_000_000)).toBe('1.000.000,00');
    expect(formatThb(15_384)).toBe(formatMinor(15_384, 'THB'));
    expect(formatMultiplier(240)).toBe('×2,4');
    expect(formatMultiplier(50)).toBe('×0,5');
    expect(formatMultiplier(0)).toBe('×0');
  });

  test('slot symbols are named in the page language; card letters and 7 are their own names', () => {
    expect(symbolName(TEXTS.lo!, 'CHERRY')).toBe('ເຊີຣີ');
    expect(symbolName(TEXTS.th!, 'BELL')).toBe('ระฆัง');
    expect(symbolName(TEXTS.cn!, 'CHERRY')).toBe('樱桃');
    expect(symbolName(TEXTS.lo!, 'A')).toBe('A');
    expect(symbolName(TEXTS.lo!, '7')).toBe('7');
  });

  test('refusals have their own texts, anything else a generic one', () => {
    const en = TEXTS.en!;
    expect(fill(en.lineWin, { line: 8, symbol: 'Q', count: 3 })).toBe('Line 8: Q × 3');
    expect(errorText(en, 'CREDIT_NOT_ENOUGH')).toBe(en.noCredit);
    expect(errorText(en, 'LAUNCH_TOKEN_EXPIRED')).toBe(en.tokenExpired);
    expect(errorText(en, 'STUDIO_SESSION_INVALID')).toBe(en.sessionEnded);
    expect(errorText(en, 'SOMETHING_NEW')).toBe(en.generic);
    // The game view says why play stopped: the day's time is up, in the player's language.
    expect(errorText(textsFor('lo'), 'PLAY_TIME_LIMIT_REACHED')).toContain('ທ່ານຫຼິ້ນຄົບເວລາທີ່ກຳນົດຂອງມື້ນີ້ແລ້ວ');
    expect(errorText(en, 'PLAYER_TIMED_OUT')).toBe(en.playStopped);
  });
});
