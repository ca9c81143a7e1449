import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sandboxMarkPaid } from '../src/adapters/sandboxGateway';
import { cancelDeposit, deposit, receivePayment } from './inProcessMoney';
import { checkInvariants, playerBalance } from '../src/domain/ledger/ledger';
import { createPlayer } from '../src/domain/players/players';
import { paySandboxQr } from '../src/http/sandbox';
import { runOps } from '../src/ops/commands';
import { reconcileDeposits, startReconciler } from '../src/reconciler';
import { createTestApp, type TestApp } from './helpers';
import { asTester } from './testApprover';

/**
 * The reconciler credits deposits whose bank callback never arrived; expiry asks the gateway first; a
 * payment racing a cancel is never lost; unmatched payments wait for the operator.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

const CREDIT = 15_384; // 100,000 LAK at the seeded sell rate, THB satang

async function newPlayer(): Promise<string> {
  const player = await createPlayer(t.ctx.db, {
    username: `r${randomBytes(6).toString('hex')}`,
    displayName: 'reconciler test',
    passwordHash: 'not-a-login',
    fingerprint: null,
  });
  return player.id;
}

async function openDeposit(playerId: string) {
  return deposit(t.ctx, playerId, {
    provider: 'alphabet',
    mid: 'MID-LAOQR-01',
    bank: 'bcel',
    amount: 100_000,
  });
}

async function statusOf(code: string): Promise<string> {
  const r = await t.ctx.db.query<{ status: string }>('SELECT status FROM orders WHERE code = $1', [code]);
  return r.rows[0]!.status;
}

/** The order was created `seconds` ago (instead of sleeping in the test). */
async function age(code: string, seconds: number): Promise<void> {
  await t.ctx.db.query(
    `UPDATE orders SET created_at = created_at - make_interval(secs => $2) WHERE code = $1`,
    [code, seconds],
  );
}

function callbackFor(code: string, reference: string) {
  return {
    billNumber: code,
    reference,
    amount: 100_000,
    currency: 'LAK' as const,
    status: 'SUCCESS' as const,
    paidAt: new Date().toISOString(),
  };
}

describe('reconciler', () => {
  it('credits a deposit whose callback was lost, at start-up, without the player', async () => {
    const playerId = await newPlayer();
    const { order } = await openDeposit(playerId);
    // The bank paid; the process died before the callback was applied, and the bank gave up.
    expect(await sandboxMarkPaid(t.ctx.db, order.code, `LOST-${order.code}`)).toBe(true);
    await age(order.code, 120);
    expect(await statusOf(order.code)).toBe('OPEN');

    const reconciler = startReconciler(t.ctx, {
      intervalSeconds: 30,
      minAgeSeconds: 30,
      log: t.app.log,
    });
    await reconciler.stop(); // waits for the run that starts at once
    expect(reconciler.lastRunAt()).toBeInstanceOf(Date);
    expect(await statusOf(order.code)).toBe('SUCCESS');
    expect(await playerBalance(t.ctx.db, playerId, 'alphabet')).toBe(CREDIT);
  });

  it('leaves young and unpaid deposits open', async () => {
    const young = await openDeposit(await newPlayer());
    const unpaid = await openDeposit(await newPlayer());
    await sandboxMarkPaid(t.ctx.db, young.order.code, `YOUNG-${young.order.code}`);
    await age(unpaid.order.code, 120);
    await reconcileDeposits(t.ctx, 30);
    expect(await statusOf(young.order.code)).toBe('OPEN'); // its callback may still be on its way
    expect(await statusOf(unpaid.order.code)).toBe('OPEN');
  });

  it('expiry asks the gateway first: a paid order past its expiry is credited, not failed', async () => {
    const playerId = await newPlayer();
    const paid = await openDeposit(playerId);
    await sandboxMarkPaid(t.ctx.db, paid.order.code, `EXP-${paid.order.code}`);
    await t.ctx.db.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE code = $1`, [
      paid.order.code,
    ]);
    // Before: any read of the player's deposits turned it FAILED without asking.
    const { listDeposits } = await import('../src/domain/money/deposits');
    const page = await listDeposits(t.ctx, playerId, 1, 10);
    expect(page.items[0]).toMatchObject({ code: paid.order.code, status: 'SUCCESS' });

    const unpaid = await openDeposit(playerId);
    await t.ctx.db.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE code = $1`, [
      unpaid.order.code,
    ]);
    await reconcileDeposits(t.ctx, 30);
    expect(await statusOf(unpaid.order.code)).toBe('FAILED');
    expect(await playerBalance(t.ctx.db, playerId, 'alphabet')).toBe(CREDIT);
  });

  it('two reconcilers at once (two instances) credit each payment once', async () => {
    const players = await Promise.all([newPlayer(), newPlayer(), newPlayer()]);
    for (const playerId of players) {
      const { order } = await openDeposit(playerId);
      await sandboxMarkPaid(t.ctx.db, order.code, `TWO-${order.code}`);
      await age(order.code, 120);
    }
    await Promise.all([reconcileDeposits(t.ctx, 30), reconcileDeposits(t.ctx, 30)]);
    for (const playerId of players) expect(await playerBalance(t.ctx.db, playerId, 'alphabet')).toBe(CREDIT);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('property: whatever the gateway loses, delays or duplicates, each payment is credited exactly once', async () => {
    const delivery = fc.constantFrom('lost', 'once', 'twice', 'late');
    const plan = fc.record({ paid: fc.boolean(), cancel: fc.boolean(), delivery });
    await fc.assert(
      fc.asyncProperty(fc.array(plan, { minLength: 1, maxLength: 4 }), async (plans) => {
        const runs = [];
        for (const p of plans) {
          const playerId = await newPlayer();
          const { order } = await openDeposit(playerId);
          const reference = `PROP-${order.code}`;
          if (p.paid) await sandboxMarkPaid(t.ctx.db, order.code, reference);
          if (p.cancel) await cancelDeposit(t.ctx, playerId, order.code);
          if (p.paid && (p.delivery === 'once' || p.delivery === 'twice'))
            await receivePayment(t.ctx, callbackFor(order.code, reference));
          if (p.paid && p.delivery === 'twice')
            await receivePayment(t.ctx, callbackFor(order.code, reference));
          await age(order.code, 120);
          runs.push({ ...p, playerId, code: order.code, reference });
        }
        await reconcileDeposits(t.ctx, 30);
        for (const r of runs)
          if (r.paid && r.delivery === 'late') await receivePayment(t.ctx, callbackFor(r.code, r.reference));

        for (const r of runs) {
          const balance = await playerBalance(t.ctx.db, r.playerId, 'alphabet');
          expect(balance).toBe(r.paid ? CREDIT : 0);
          expect(await statusOf(r.code)).toBe(r.paid ? 'SUCCESS' : r.cancel ? 'CANCELED' : 'OPEN');
        }
        expect(await checkInvariants(t.ctx.db)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});

describe('no payment silently kept', () => {
  it('cancel racing a payment: every round ends with the credit', async () => {
    for (let round = 0; round < 16; round++) {
      const playerId = await newPlayer();
      const { order, qr } = await openDeposit(playerId);
      const [cancel, pay] = await Promise.allSettled([
        cancelDeposit(t.ctx, playerId, order.code),
        paySandboxQr(t.ctx, qr.qrText),
      ]);
      const bankPaid = pay.status === 'fulfilled';
      // Before: in some rounds the bank was paid but the order ended CANCELED with no credit.
      if (bankPaid) {
        expect(await statusOf(order.code)).toBe('SUCCESS');
        expect(await playerBalance(t.ctx.db, playerId, 'alphabet')).toBe(CREDIT);
      } else {
        expect(cancel.status).toBe('fulfilled');
        expect(await playerBalance(t.ctx.db, playerId, 'alphabet')).toBe(0);
      }
    }
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('the operator lists unmatched payments, refunds one and applies another to an order', async () => {
    const playerId = await newPlayer();
    const { order } = await openDeposit(playerId);
    await receivePayment(t.ctx, callbackFor('D261122NOSUCHBILL0', 'UNMATCHED-A'));
    await receivePayment(t.ctx, { ...callbackFor('D261122NOSUCHBILL1', 'UNMATCHED-B') });

    const listed = await runOps(t.ctx, ['payments', 'unmatched']);
    expect(listed.exitCode).toBe(0);
    expect(listed.output).toContain('UNMATCHED-A');
    expect(listed.output).toContain('UNMATCHED-B');

    expect(await runOps(t.ctx, ['payments', 'refund', 'UNMATCHED-A', ...(await asTester(t.ctx.db))])).toEqual(
      {
        exitCode: 0,
        output: 'UNMATCHED-A REFUNDED',
      },
    );
    expect(
      (await runOps(t.ctx, ['payments', 'refund', 'UNMATCHED-A', ...(await asTester(t.ctx.db))])).exitCode,
    ).toBe(1);
    expect(
      await runOps(t.ctx, ['payments', 'apply', 'UNMATCHED-B', order.code, ...(await asTester(t.ctx.db))]),
    ).toEqual({
      exitCode: 0,
      output: `UNMATCHED-B APPLIED to ${order.code}`,
    });
    expect(await statusOf(order.code)).toBe('SUCCESS');
    expect(await playerBalance(t.ctx.db, playerId, 'alphabet')).toBe(CREDIT);
    const after = await runOps(t.ctx, ['payments', 'unmatched']);
    expect(after.output).not.toContain('UNMATCHED-A');
    expect(after.output).not.toContain('UNMATCHED-B');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });
});
