import { bookGameResults } from '../src/domain/ledger/accounts';
import { checkInvariants, playerBalance } from '../src/domain/ledger/ledger';
import { playTestRound } from '../src/sandbox/provider/wallets';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { addAccount, depositAndPay } from './moneyFixtures';

/** Game results are booked from the provider's wallet answers, which may arrive in any order. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(() => t.close());

const wallet = (playerId: string) => t.ctx.adapters.providers.alphabet.wallet(playerId);

describe('game results booking', () => {
  it('books each answer once and never books an older answer over a newer one', async () => {
    const p = await registerAndLogin(t.app);
    await addAccount(t.app, p.cookie);
    await depositAndPay(t.app, p.cookie); // 153.84 THB at alphabet
    const before = await wallet(p.playerId);

    // Two reads of the wallet around a losing round of 10 THB: "older" before it, "newer" after it.
    const older = before;
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 1_000 });
    const newer = await wallet(p.playerId);
    expect(newer.roundResults).toBe(older.roundResults - 1_000);

    // The newer read commits first, then the older one arrives late.
    expect(await t.ctx.db.tx((q) => bookGameResults(q, p.playerId, 'alphabet', newer))).toBe(14_384);
    expect(await t.ctx.db.tx((q) => bookGameResults(q, p.playerId, 'alphabet', older))).toBe(14_384);
    expect(await t.ctx.db.tx((q) => bookGameResults(q, p.playerId, 'alphabet', newer))).toBe(14_384);
    expect(await playerBalance(t.ctx.db, p.playerId, 'alphabet')).toBe(newer.balance);

    // A table round settled with a win after the bet: same stakes, more results, so it is newer and booked.
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 500, win: 1_500 });
    const won = await wallet(p.playerId);
    expect(await t.ctx.db.tx((q) => bookGameResults(q, p.playerId, 'alphabet', won))).toBe(won.balance);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });
});
