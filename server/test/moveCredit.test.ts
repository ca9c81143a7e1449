import { moveCreditIn } from '../src/domain/money/creditMoves';
import { checkInvariants, playerBalance } from '../src/domain/ledger/ledger';
import { deliverPending } from '../src/domain/money/outboxDelivery';
import { checkProviderInvariants, playTestRound } from '../src/sandbox/provider/wallets';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { addAccount, call, credit, depositAndPay, idemKey } from './moneyFixtures';

/** Moving credit between two provider wallets: two transfers through the outbox, exactly once. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', PROVIDER_TIMEOUT_MS: '300' } });
});
afterAll(() => t.close());

const NONE = { down: false, latencyMs: 0, errorPercent: 0, timeoutPercent: 0, duplicatePercent: 0 };

function move(cookie: string, payload: object, key = idemKey()) {
  return call(t.app, 'moveCredit', 'POST', '/api/v2/players/credits/move', {
    cookie,
    headers: { 'idempotency-key': key },
    payload,
  });
}

const walletAt = async (provider: 'alphabet' | 'gclub', playerId: string) =>
  (await t.ctx.adapters.providers[provider].wallet(playerId)).balance;

/** A player with 153.84 THB at alphabet. */
async function funded() {
  const p = await registerAndLogin(t.app);
  await depositAndPay(t.app, p.cookie);
  return p;
}

describe('move credit', () => {
  it('moves credit in one step: both credits answered, both providers updated', async () => {
    const p = await funded();
    const res = await move(p.cookie, { from: 'alphabet', to: 'gclub', credit: 5_000 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reference: expect.stringMatching(/^mv:[0-9a-f]{16}$/),
      from: { provider: 'alphabet', credit: { amount: '103.84', currency: 'THB' } },
      to: { provider: 'gclub', credit: { amount: '50.00', currency: 'THB' } },
    });
    expect(await walletAt('alphabet', p.playerId)).toBe(10_384);
    expect(await walletAt('gclub', p.playerId)).toBe(5_000);
    const all = await call(t.app, 'getPlayerCredits', 'GET', '/api/v2/players/credits', { cookie: p.cookie });
    expect(all.body).toEqual({
      credits: [
        { provider: 'alphabet', credit: { amount: '103.84', currency: 'THB' } },
        { provider: 'askmebet', credit: { amount: '0.00', currency: 'THB' } },
        { provider: 'gclub', credit: { amount: '50.00', currency: 'THB' } },
        { provider: 'gclub_live', credit: { amount: '0.00', currency: 'THB' } },
      ],
      total: { amount: '153.84', currency: 'THB' },
    });
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
    expect(await checkProviderInvariants(t.ctx.db)).toEqual([]);
  });

  it('a replay with the same key answers the first move and moves nothing more', async () => {
    const p = await funded();
    const key = idemKey();
    const first = await move(p.cookie, { from: 'alphabet', to: 'gclub', credit: 1_000 }, key);
    const again = await move(p.cookie, { from: 'alphabet', to: 'gclub', credit: 1_000 }, key);
    expect(again).toEqual(first);
    expect(await walletAt('gclub', p.playerId)).toBe(1_000);
    expect(await playerBalance(t.ctx.db, p.playerId, 'alphabet')).toBe(14_384);

    // The answer was lost and the provider went away since: the retry still gets the first answer.
    await t.ctx.adapters.providers.alphabet.setFaults({ ...NONE, down: true });
    try {
      expect(await move(p.cookie, { from: 'alphabet', to: 'gclub', credit: 1_000 }, key)).toEqual(first);
    } finally {
      await t.ctx.adapters.providers.alphabet.setFaults(NONE);
    }
  });

  it('refuses the same provider, more than the credit, and an open round at from', async () => {
    const p = await funded();
    const same = await move(p.cookie, { from: 'alphabet', to: 'alphabet', credit: 100 });
    expect(same).toMatchObject({ status: 400, body: { code: 'SAME_PROVIDER' } });
    const tooMuch = await move(p.cookie, { from: 'alphabet', to: 'gclub', credit: 15_385 });
    expect(tooMuch).toMatchObject({ status: 409, body: { code: 'CREDIT_NOT_ENOUGH' } });
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 384, open: true });
    const open = await move(p.cookie, { from: 'alphabet', to: 'gclub', credit: 100 });
    expect(open).toMatchObject({ status: 409, body: { code: 'GAME_ROUND_OPEN' } });
    expect(await walletAt('gclub', p.playerId)).toBe(0);
  });

  it('refuses while a promotion in use binds the credit at from', async () => {
    const p = await registerAndLogin(t.app);
    await addAccount(t.app, p.cookie);
    const claimed = await call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
      cookie: p.cookie,
      payload: { promotionId: 'welcome-100', providerId: 'alphabet' },
    });
    expect(claimed.status).toBe(200);
    await depositAndPay(t.app, p.cookie);
    const bound = await move(p.cookie, { from: 'alphabet', to: 'gclub', credit: 100 });
    expect(bound).toMatchObject({ status: 409, body: { code: 'PROMOTION_BINDS_CREDIT' } });
  });

  it('refuses moving own credit into the provider a promotion binds (it would be taken back with it)', async () => {
    const p = await registerAndLogin(t.app);
    await addAccount(t.app, p.cookie);
    await depositAndPay(t.app, p.cookie); // 153.84 THB of the player's own at alphabet
    const claimed = await call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
      cookie: p.cookie,
      payload: { promotionId: 'daily-10', providerId: 'gclub' },
    });
    expect(claimed.status).toBe(200);
    const into = await move(p.cookie, { from: 'alphabet', to: 'gclub', credit: 5_000 });
    expect(into).toMatchObject({ status: 409, body: { code: 'PROMOTION_BINDS_CREDIT' } });
    expect(await walletAt('gclub', p.playerId)).toBe(0);
  });

  it('refuses while a provider is down, and while a transfer is still on its way', async () => {
    const p = await funded();
    await t.ctx.adapters.providers.gclub.setFaults({ ...NONE, down: true });
    const down = await move(p.cookie, { from: 'alphabet', to: 'gclub', credit: 100 });
    expect(down).toMatchObject({ status: 503, body: { code: 'PROVIDER_UNAVAILABLE' } });
    await t.ctx.adapters.providers.gclub.setFaults(NONE);

    await t.ctx.adapters.providers.alphabet.setFaults({ ...NONE, down: true });
    await depositAndPay(t.app, p.cookie); // its transfer waits in the outbox
    await t.ctx.adapters.providers.alphabet.setFaults(NONE);
    const pending = await move(p.cookie, { from: 'alphabet', to: 'gclub', credit: 100 });
    expect(pending).toMatchObject({ status: 409, body: { code: 'TRANSFER_PENDING' } });
    expect(await credit(t.app, p.cookie, 'gclub')).toBe('0.00');
  });

  it('an OUT the provider refuses at delivery is compensated: credit back at from, the IN cancelled', async () => {
    const p = await funded();
    // The move is booked, then the credit is played away at alphabet before the OUT arrives.
    const moved = await t.ctx.db.tx((q) =>
      moveCreditIn(q, p.playerId, { from: 'alphabet', to: 'gclub', credit: 10_000 }),
    );
    expect(await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 15_384 })).toBe(
      true,
    );
    await deliverPending(t.ctx, p.playerId);

    const rows = await t.ctx.db.query<{ reference: string; status: string; compensated: boolean }>(
      'SELECT reference, status, compensated FROM provider_outbox WHERE reference LIKE $1 ORDER BY id',
      [`${moved.reference}:%`],
    );
    expect(rows.rows).toEqual([
      { reference: `${moved.reference}:out`, status: 'FAILED', compensated: true },
      { reference: `${moved.reference}:in`, status: 'FAILED', compensated: true },
    ]);
    expect(await walletAt('gclub', p.playerId)).toBe(0);
    expect(await credit(t.app, p.cookie, 'gclub')).toBe('0.00');
    // The loss of the whole 153.84 is booked; the 100.00 moved came back first.
    expect(await credit(t.app, p.cookie, 'alphabet')).toBe('0.00');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
    expect(await checkProviderInvariants(t.ctx.db)).toEqual([]);
    const pending = await t.ctx.db.query(
      `SELECT 1 FROM provider_outbox WHERE player_id = $1 AND status = 'PENDING'`,
      [p.playerId],
    );
    expect(pending.rows).toEqual([]);
  });
});
