import { checkInvariants } from '../src/domain/ledger/ledger';
import { faultSwitches, NO_FAULTS } from '../src/sandbox/provider/faults';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { addAccount, call, credit, depositAndPay } from './moneyFixtures';

// The sandbox studio at a seamless provider (docs/games.md): it plays every round through the site's wallet
// with signed calls, and misbehaves on demand as providers do; the player's credit stays exact.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SANDBOX: 'true', TRANSFER_WALLET_PROVIDERS: '', STUDIO_SEED: 'seamless' },
  });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  faultSwitches(t.ctx, t.ctx.config.providerFaultSeed).set('alphabet', NO_FAULTS);
});

async function studioSession() {
  const p = await registerAndLogin(t.app);
  await addAccount(t.app, p.cookie);
  await depositAndPay(t.app, p.cookie);
  const launched = await call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
    cookie: p.cookie,
    payload: { provider: 'alphabet', gameId: 'alp-slot-001' },
  });
  const token = new URL(launched.body.url, 'http://site').searchParams.get('token')!;
  const opened = await call(t.app, 'openStudioSession', 'POST', '/api/v2/sandbox/studio/sessions', {
    payload: { provider: 'alphabet', gameId: 'alp-slot-001', token },
  });
  expect(opened.status).toBe(200);
  expect(opened.body.balance).toBe(15_384);
  return { ...p, session: opened.body.session as string };
}

const spin = (session: string) =>
  call(t.app, 'playStudioRound', 'POST', '/api/v2/sandbox/studio/rounds', {
    payload: { session, bet: 100, lines: 10 },
  });

const rounds = async (cookie: string) =>
  (await call(t.app, 'listPlayerBets', 'GET', '/api/v2/players/bets', { cookie })).body.items as {
    bets: number;
    wins: number;
    refunds: number;
    status: string;
  }[];

test('a spin is a bet and a win on the site’s ledger: the studio, the credit and the history agree', async () => {
  const p = await studioSession();
  const played = await spin(p.session);
  expect(played.status).toBe(200);
  const { bet, win, balanceAfter } = played.body;
  expect(balanceAfter).toBe(15_384 - bet + win);
  expect(await credit(t.app, p.cookie)).toBe(((15_384 - bet + win) / 100).toFixed(2));
  expect(await rounds(p.cookie)).toEqual([
    expect.objectContaining({ bets: bet, wins: win, status: 'ENDED' }),
  ]);
});

test('answers lost after the debit and calls delivered twice: each round charged and paid once', async () => {
  const p = await studioSession();
  faultSwitches(t.ctx, t.ctx.config.providerFaultSeed).set('alphabet', {
    ...NO_FAULTS,
    timeoutPercent: 100,
    duplicatePercent: 100,
    reorderPercent: 100,
  });
  let expected = 15_384;
  for (let i = 0; i < 3; i++) {
    const played = await spin(p.session);
    expect(played.status).toBe(200);
    expected += played.body.win - played.body.bet;
    expect(played.body.balanceAfter).toBe(expected);
  }
  const history = await rounds(p.cookie);
  expect(history).toHaveLength(3);
  expect(history.every((r) => r.bets === 1_000)).toBe(true);
  expect(await credit(t.app, p.cookie)).toBe((expected / 100).toFixed(2));
  expect(await checkInvariants(t.ctx.db)).toEqual([]);
});

test('a round the game cancels (its bet rolled back, before or after it came) costs nothing', async () => {
  const p = await studioSession();
  faultSwitches(t.ctx, t.ctx.config.providerFaultSeed).set('alphabet', {
    ...NO_FAULTS,
    rollbackPercent: 100,
  });
  for (let i = 0; i < 4; i++) {
    const cancelled = await spin(p.session);
    expect([cancelled.status, cancelled.body]).toEqual([
      503,
      expect.objectContaining({ code: 'PROVIDER_UNAVAILABLE' }),
    ]);
  }
  expect(await credit(t.app, p.cookie)).toBe('153.84');
  const tombstones = await t.ctx.db.query('SELECT 1 FROM wallet_tombstones');
  const refunded = (await rounds(p.cookie)).filter((r) => r.refunds === r.bets && r.bets > 0);
  // Each cancelled round either refunded its bet or never took it (a tombstone refused it).
  expect(tombstones.rows.length + refunded.length).toBeGreaterThanOrEqual(4);
  expect(await checkInvariants(t.ctx.db)).toEqual([]);
});
