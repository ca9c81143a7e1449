import { selfExclude, takeTimeOut } from '../src/domain/protection/exclusions';
import { setLimit } from '../src/domain/protection/protectionLimits';
import { toInt } from '../src/db/values';
import { playDay } from '../src/domain/players/playTime';
import { createTestApp, type TestApp } from './helpers';
import { addAccount, call, credit, depositAndPay, idemKey } from './moneyFixtures';
import { registerAndLogin } from './helpers';
import { WalletProviderClient } from './walletProvider';
import { runOps } from '../src/ops/commands';

// The seamless wallet's rules (docs/games.md), one test each, as a provider's signed calls meet them.

let t: TestApp;
let alphabet: WalletProviderClient;
let askmebet: WalletProviderClient;
const GAME = 'alp-slot-001';

beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', TRANSFER_WALLET_PROVIDERS: '' } });
  const now = () => t.ctx.clock.now();
  alphabet = new WalletProviderClient(t.app, 'alphabet', t.ctx.config.walletSecrets.alphabet!, now);
  askmebet = new WalletProviderClient(t.app, 'askmebet', t.ctx.config.walletSecrets.askmebet!, now);
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
const id = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;

/** A player with 15,384 satang at alphabet (one paid deposit), in a game opened from the lobby. */
async function seamlessPlayer() {
  const p = await registerAndLogin(t.app);
  await addAccount(t.app, p.cookie);
  await depositAndPay(t.app, p.cookie);
  const player = await openGame(p.cookie);
  return { ...p, player };
}

/** Launches the game from the site and spends the launch token as the provider does: the player reference. */
async function openGame(cookie: string, client = alphabet, gameId = GAME): Promise<string> {
  const launched = await call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
    cookie,
    payload: { provider: client.provider, gameId },
  });
  expect(launched.status).toBe(200);
  const token = new URL(launched.body.url, 'http://site').searchParams.get('token')!;
  const opened = await client.send('session', { token, gameId });
  expect(opened.status).toBe(200);
  return opened.body.player as string;
}

function bet(player: string, over: Record<string, unknown> = {}) {
  return {
    transactionId: id('bet'),
    roundId: id('round'),
    gameId: GAME,
    player,
    amount: 1000,
    currency: 'THB',
    ...over,
  };
}

async function ledgerCredit(playerId: string, provider = 'alphabet'): Promise<number> {
  const r = await t.ctx.db.query<{ balance: unknown }>('SELECT balance FROM ledger_accounts WHERE key = $1', [
    `player:${playerId}:${provider}`,
  ]);
  return r.rows[0] ? toInt(r.rows[0].balance) : 0;
}

describe('signed calls', () => {
  test('a call signed with another secret, unsigned, stale or replayed is refused and moves nothing', async () => {
    const p = await seamlessPlayer();
    const payload = bet(p.player);
    const wrong = await alphabet.send('bet', payload, { secret: 'not-the-providers-secret' });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    const unsigned = await alphabet.send('bet', payload, { omitSignature: true });
    expect([unsigned.status, unsigned.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    // Another provider's secret does not sign for this one.
    const foreign = await alphabet.send('bet', payload, { secret: t.ctx.config.walletSecrets.askmebet! });
    expect(foreign.body.code).toBe('WALLET_SIGNATURE_INVALID');
    const stale = await alphabet.send('bet', payload, {
      timestamp: String(t.ctx.clock.now().getTime() - 6 * 60_000),
    });
    expect([stale.status, stale.body.code]).toEqual([401, 'WALLET_TIMESTAMP_STALE']);
    expect(await ledgerCredit(p.playerId)).toBe(15_384);

    const placed = await alphabet.send('bet', payload);
    expect(placed.status).toBe(200);
    const replayed = await alphabet.replay('bet', placed);
    expect([replayed.status, replayed.body.code]).toEqual([401, 'WALLET_SIGNATURE_REPLAYED']);
    expect(await ledgerCredit(p.playerId)).toBe(14_384);
  });

  test('an unknown player reference or game, or a currency that is not the credit’s, is refused', async () => {
    const p = await seamlessPlayer();
    const unknown = await alphabet.send('bet', bet('ab'.repeat(32)));
    expect([unknown.status, unknown.body.code]).toEqual([404, 'WALLET_PLAYER_UNKNOWN']);
    const game = await alphabet.send('bet', bet(p.player, { gameId: 'no-such-game' }));
    expect([game.status, game.body.code]).toEqual([404, 'WALLET_GAME_UNKNOWN']);
    const currency = await alphabet.send('bet', bet(p.player, { currency: 'LAK' }));
    expect([currency.status, currency.body.code]).toEqual([400, 'WALLET_CURRENCY_MISMATCH']);
    // The reference is this provider's: another provider cannot bet with it.
    const elsewhere = await askmebet.send('bet', bet(p.player, { gameId: 'amb-slot-001' }));
    expect(elsewhere.body.code).toBe('WALLET_PLAYER_UNKNOWN');
    for (const amount of [0, -5, 1.5, 10_000_000_001]) {
      const bad = await alphabet.send('bet', bet(p.player, { amount }));
      expect([amount, bad.status, bad.body.code]).toEqual([amount, 400, 'VALIDATION_ERROR']);
    }
    expect(await ledgerCredit(p.playerId)).toBe(15_384);
  });
});

describe('exactly once, whatever the provider does', () => {
  test('a repeated bet answers the first answer and debits once', async () => {
    const p = await seamlessPlayer();
    const payload = bet(p.player);
    const first = await alphabet.send('bet', payload);
    expect(first.body).toEqual({
      balance: 14_384,
      currency: 'THB',
      transactionId: payload.transactionId,
      roundId: payload.roundId,
    });
    // Another bet in between: the repeat still answers what the first call answered.
    await alphabet.send('bet', bet(p.player));
    const again = await alphabet.send('bet', payload);
    expect(again.body).toEqual(first.body);
    expect(await ledgerCredit(p.playerId)).toBe(13_384);
  });

  test('the same transaction id with other content is refused', async () => {
    const p = await seamlessPlayer();
    const payload = bet(p.player);
    await alphabet.send('bet', payload);
    const other = await alphabet.send('bet', { ...payload, amount: 2000 });
    expect([other.status, other.body.code]).toEqual([409, 'WALLET_TRANSACTION_CONFLICT']);
    const asWin = await alphabet.send('win', { ...payload, amount: 1000 });
    expect(asWin.body.code).toBe('WALLET_TRANSACTION_CONFLICT');
    expect(await ledgerCredit(p.playerId)).toBe(14_384);
  });

  test('a win or rollback naming a bet of another round is refused', async () => {
    const p = await seamlessPlayer();
    const a = bet(p.player);
    const b = bet(p.player);
    await alphabet.send('bet', a);
    await alphabet.send('bet', b);
    const win = await alphabet.send('win', {
      ...b,
      transactionId: id('win'),
      betTransactionId: a.transactionId,
      amount: 5000,
    });
    expect([win.status, win.body.code]).toEqual([409, 'WALLET_ROUND_MISMATCH']);
    const rollback = await alphabet.send('rollback', {
      ...b,
      transactionId: id('rb'),
      betTransactionId: a.transactionId,
    });
    expect(rollback.body.code).toBe('WALLET_ROUND_MISMATCH');
    expect(await ledgerCredit(p.playerId)).toBe(13_384);
  });

  test('a rollback of a bet never received leaves a tombstone: the bet arriving later is refused', async () => {
    const p = await seamlessPlayer();
    const payload = bet(p.player);
    const rollback = await alphabet.send('rollback', {
      ...payload,
      transactionId: id('rb'),
      betTransactionId: payload.transactionId,
    });
    expect(rollback.status).toBe(200);
    expect(rollback.body.balance).toBe(15_384);
    const late = await alphabet.send('bet', payload);
    expect([late.status, late.body.code]).toEqual([409, 'WALLET_BET_ROLLED_BACK']);
    expect(await ledgerCredit(p.playerId)).toBe(15_384);
  });

  test('a rollback refunds its bet once, even under a second rollback id', async () => {
    const p = await seamlessPlayer();
    const payload = bet(p.player);
    await alphabet.send('bet', payload);
    const rb = { ...payload, transactionId: id('rb'), betTransactionId: payload.transactionId };
    expect((await alphabet.send('rollback', rb)).body.balance).toBe(15_384);
    expect((await alphabet.send('rollback', rb)).body.balance).toBe(15_384);
    const second = await alphabet.send('rollback', { ...rb, transactionId: id('rb') });
    expect([second.status, second.body.balance]).toEqual([200, 15_384]);
    expect(await ledgerCredit(p.playerId)).toBe(15_384);
  });

  test('a bet in an ended round is refused; a win for an unknown or ended round too', async () => {
    const p = await seamlessPlayer();
    const payload = bet(p.player);
    await alphabet.send('bet', payload);
    const won = await alphabet.send('win', {
      ...payload,
      transactionId: id('win'),
      betTransactionId: payload.transactionId,
      amount: 2500,
      endRound: true,
    });
    expect(won.body.balance).toBe(16_884);
    const more = await alphabet.send('bet', { ...payload, transactionId: id('bet') });
    expect([more.status, more.body.code]).toEqual([409, 'WALLET_ROUND_ENDED']);
    const lateWin = await alphabet.send('win', { ...payload, transactionId: id('win'), amount: 100 });
    expect(lateWin.body.code).toBe('WALLET_ROUND_ENDED');
    const unknown = await alphabet.send('win', { ...bet(p.player), transactionId: id('win') });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'WALLET_ROUND_NOT_FOUND']);
    // Ending twice answers the same.
    const ended = await alphabet.send('end-round', {
      roundId: payload.roundId,
      gameId: GAME,
      player: p.player,
    });
    expect([ended.status, ended.body.balance]).toEqual([200, 16_884]);
    expect(await ledgerCredit(p.playerId)).toBe(16_884);
  });

  test('a stake above the credit is refused with the balance, and moves nothing', async () => {
    const p = await seamlessPlayer();
    const refused = await alphabet.send('bet', bet(p.player, { amount: 15_385 }));
    expect([refused.status, refused.body.code]).toEqual([409, 'WALLET_INSUFFICIENT_FUNDS']);
    expect(refused.body.details).toEqual([{ field: 'balance', message: '15384' }]);
    expect(await ledgerCredit(p.playerId)).toBe(15_384);
    const rounds = await t.ctx.db.query('SELECT 1 FROM wallet_rounds WHERE player_id = $1', [p.playerId]);
    expect(rounds.rows).toHaveLength(0);
  });

  test('ten bets at once by one player never overdraw', async () => {
    const p = await seamlessPlayer();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => alphabet.send('bet', bet(p.player, { amount: 4000 }))),
    );
    const accepted = replies.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(3);
    expect(replies.filter((r) => r.body.code === 'WALLET_INSUFFICIENT_FUNDS')).toHaveLength(7);
    expect(await ledgerCredit(p.playerId)).toBe(3_384);
  });
});

describe('rules decided inside the bet', () => {
  test('a time-out refuses the next bet; the open round’s win is still paid', async () => {
    const p = await seamlessPlayer();
    const payload = bet(p.player);
    await alphabet.send('bet', payload);
    await t.ctx.db.tx((q) => takeTimeOut(q, p.playerId, 1, t.ctx.clock.now()));
    const refused = await alphabet.send('bet', bet(p.player));
    expect([refused.status, refused.body.code]).toEqual([403, 'PLAYER_TIMED_OUT']);
    const paid = await alphabet.send('win', {
      ...payload,
      transactionId: id('win'),
      betTransactionId: payload.transactionId,
      amount: 3000,
      endRound: true,
    });
    expect([paid.status, paid.body.balance]).toEqual([200, 17_384]);
  });

  test('a self-exclusion refuses a bet; a rollback of an open round is still paid', async () => {
    const p = await seamlessPlayer();
    const payload = bet(p.player);
    await alphabet.send('bet', payload);
    await t.ctx.db.tx((q) => selfExclude(q, p.playerId, 6, t.ctx.clock.now()));
    const refused = await alphabet.send('bet', bet(p.player));
    expect([refused.status, refused.body.code]).toEqual([403, 'PLAYER_SELF_EXCLUDED']);
    const rb = await alphabet.send('rollback', {
      ...payload,
      transactionId: id('rb'),
      betTransactionId: payload.transactionId,
    });
    expect([rb.status, rb.body.balance]).toEqual([200, 15_384]);
  });

  test('bets keep the site session they were launched from alive, as a page’s requests would', async () => {
    const p = await seamlessPlayer();
    // Twenty minutes, then twenty more: forty since the last page, past the 30-minute idle timeout.
    await t.clock.advance(20 * 60_000);
    expect((await alphabet.send('bet', bet(p.player))).status).toBe(200);
    await t.clock.advance(20 * 60_000);
    expect((await alphabet.send('bet', bet(p.player))).status).toBe(200);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/info',
      headers: { cookie: p.cookie },
    });
    expect(page.statusCode).toBe(200);
    // Without bets, the session idles out.
    await t.clock.advance(31 * 60_000);
    const idle = await alphabet.send('bet', bet(p.player));
    expect([idle.status, idle.body.code]).toEqual([403, 'WALLET_SESSION_ENDED']);
  });

  test('a bet after the site session the game was opened from has ended is refused', async () => {
    const p = await seamlessPlayer();
    expect((await alphabet.send('bet', bet(p.player))).status).toBe(200);
    await call(t.app, 'logoutPlayer', 'POST', '/api/v2/players/logout', { cookie: p.cookie });
    const refused = await alphabet.send('bet', bet(p.player));
    expect([refused.status, refused.body.code]).toEqual([403, 'WALLET_SESSION_ENDED']);
    expect(await ledgerCredit(p.playerId)).toBe(14_384);
  });

  test('the day’s play-time limit refuses a bet', async () => {
    const p = await seamlessPlayer();
    await t.ctx.db.tx((q) => setLimit(q, p.playerId, 'PLAY_TIME', 'DAY', 15, t.ctx.clock.now()));
    await t.ctx.db.query(
      `INSERT INTO player_play_time (player_id, day, seconds) VALUES ($1, $2, 900)
       ON CONFLICT (player_id, day) DO UPDATE SET seconds = 900`,
      [p.playerId, playDay(t.ctx.clock.now())],
    );
    const refused = await alphabet.send('bet', bet(p.player));
    expect([refused.status, refused.body.code]).toEqual([403, 'PLAY_TIME_LIMIT_REACHED']);
  });

  const playedToday = async (playerId: string) => {
    const r = await t.ctx.db.query<{ seconds: number }>(
      'SELECT seconds FROM player_play_time WHERE player_id = $1 AND day = $2',
      [playerId, playDay(t.ctx.clock.now())],
    );
    return r.rows[0]?.seconds ?? 0;
  };

  test('bets count the time between them as play time; one a few seconds after the last is counted by the next', async () => {
    const p = await seamlessPlayer();
    expect((await alphabet.send('bet', bet(p.player))).status).toBe(200);
    const start = await playedToday(p.playerId);
    await t.clock.advance(4 * 60_000);
    expect((await alphabet.send('bet', bet(p.player))).status).toBe(200);
    expect((await playedToday(p.playerId)) - start).toBeGreaterThanOrEqual(240);
    // Without a play-time limit, a call 5 s after the last is not written at once: the next one counts it.
    await t.clock.advance(5_000);
    expect((await alphabet.send('bet', bet(p.player))).status).toBe(200);
    expect((await playedToday(p.playerId)) - start).toBeLessThan(245);
    await t.clock.advance(4 * 60_000);
    expect((await alphabet.send('bet', bet(p.player))).status).toBe(200);
    expect((await playedToday(p.playerId)) - start).toBeGreaterThanOrEqual(485);
  });

  test('a win counts the time since the last call as play time, but not a gap longer than a session may idle', async () => {
    const p = await seamlessPlayer();
    const placed = bet(p.player);
    expect((await alphabet.send('bet', placed)).status).toBe(200);
    const start = await playedToday(p.playerId);
    const win = (amount: number) => ({ ...placed, transactionId: id('win'), amount });
    await t.clock.advance(4 * 60_000);
    expect((await alphabet.send('win', win(500))).status).toBe(200);
    const afterWin = (await playedToday(p.playerId)) - start;
    expect(afterWin).toBeGreaterThanOrEqual(240);
    expect(afterWin).toBeLessThan(250);
    // Away longer than the idle timeout (30 minutes): the player came back at the call, the gap was not play.
    await t.clock.advance(31 * 60_000);
    expect((await alphabet.send('win', win(0))).status).toBe(200);
    expect((await playedToday(p.playerId)) - start).toBe(afterWin);
    expect(await ledgerCredit(p.playerId)).toBe(15_384 - 1000 + 500);
  });

  test('with a daily play-time limit every bet counts at once, and the one reaching it ends the play', async () => {
    const p = await seamlessPlayer();
    await t.ctx.db.tx((q) => setLimit(q, p.playerId, 'PLAY_TIME', 'DAY', 15, t.ctx.clock.now()));
    await t.ctx.db.query(
      `INSERT INTO player_play_time (player_id, day, seconds) VALUES ($1, $2, 880)
       ON CONFLICT (player_id, day) DO UPDATE SET seconds = 880`,
      [p.playerId, playDay(t.ctx.clock.now())],
    );
    expect((await alphabet.send('bet', bet(p.player))).status).toBe(200);
    const start = await playedToday(p.playerId);
    await t.clock.advance(5_000);
    expect((await alphabet.send('bet', bet(p.player))).status).toBe(200);
    expect((await playedToday(p.playerId)) - start).toBeGreaterThanOrEqual(5);
    // Seconds later the 15 minutes are reached: that bet is refused, and the player's sessions end.
    await t.clock.advance(20_000);
    const refused = await alphabet.send('bet', bet(p.player));
    expect([refused.status, refused.body.code]).toEqual([403, 'PLAY_TIME_LIMIT_REACHED']);
    expect(await playedToday(p.playerId)).toBeGreaterThanOrEqual(900);
    const info = await call(t.app, 'getPlayerInfo', 'GET', '/api/v2/players/info', { cookie: p.cookie });
    expect(info.status).toBe(401);
  });

  test('a loss limit the player is over refuses a bet', async () => {
    const p = await seamlessPlayer();
    // The deposit put 100,000 LAK in; a limit lowered below it holds at once.
    await t.ctx.db.tx((q) => setLimit(q, p.playerId, 'LOSS', 'DAY', 94_000, t.ctx.clock.now()));
    const refused = await alphabet.send('bet', bet(p.player));
    expect([refused.status, refused.body.code]).toEqual([409, 'LOSS_LIMIT_EXCEEDED']);
    expect(await ledgerCredit(p.playerId)).toBe(15_384);
  });
});

describe('operators', () => {
  test('ops invariants hold the ledger to the rounds, and name a round left open too long', async () => {
    const p = await seamlessPlayer();
    const payload = bet(p.player);
    await alphabet.send('bet', payload);
    expect((await runOps(t.ctx, ['invariants'])).exitCode).toBe(0);
    // A round whose records say more was won than the ledger paid: the check names it.
    await t.ctx.db.query('UPDATE wallet_rounds SET wins = wins + 7 WHERE provider = $1 AND round_id = $2', [
      'alphabet',
      payload.roundId,
    ]);
    await t.clock.advance(25 * 3_600_000);
    try {
      const found = await runOps(t.ctx, ['invariants']);
      expect(found.exitCode).not.toBe(0);
      expect(found.output).toContain(`ledger-rounds: alphabet rounds of ${p.playerId}`);
      expect(found.output).toContain(`open-round: alphabet round ${payload.roundId}`);
    } finally {
      await t.ctx.db.query('UPDATE wallet_rounds SET wins = wins - 7 WHERE provider = $1 AND round_id = $2', [
        'alphabet',
        payload.roundId,
      ]);
      await alphabet.send('end-round', { roundId: payload.roundId, gameId: GAME, player: p.player });
      await t.clock.reset();
    }
  });
});

describe('the credit is the ledger', () => {
  test('credits read no provider, and a move between two seamless providers is one ledger transfer', async () => {
    const p = await seamlessPlayer();
    const lost = bet(p.player, { amount: 384 });
    await alphabet.send('bet', lost);
    await alphabet.send('win', { ...lost, transactionId: id('win'), amount: 0, endRound: true });
    expect(await credit(t.app, p.cookie)).toBe('150.00');
    const moved = await call(t.app, 'moveCredit', 'POST', '/api/v2/players/credits/move', {
      cookie: p.cookie,
      headers: { 'idempotency-key': idemKey() },
      payload: { from: 'alphabet', to: 'askmebet', credit: 5000 },
    });
    expect(moved.status).toBe(200);
    expect(await credit(t.app, p.cookie, 'askmebet')).toBe('50.00');
    const outbox = await t.ctx.db.query('SELECT 1 FROM provider_outbox WHERE player_id = $1', [p.playerId]);
    expect(outbox.rows).toHaveLength(0);
    const sandboxWallets = await t.ctx.db.query(
      'SELECT 1 FROM sandbox_provider_wallets WHERE player_id = $1',
      [p.playerId],
    );
    expect(sandboxWallets.rows).toHaveLength(0);
  });
});
