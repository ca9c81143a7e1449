import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { deliverDue } from '../src/domain/money/outboxDelivery';
import { listen, openStaffStream } from './eventStreams';
import { createTestApp, jsonHeaders, registerAndLogin, type TestApp } from './helpers';
import { addAccount, call, createWithdraw, fundedPlayer, postPaymentCallback } from './moneyFixtures';
import { signedInStaff } from './staffFixtures';

/**
 * The back office's live events (streamStaffEvents, docs/backoffice.md) as a browser's EventSource reads
 * them: what changed, named and nothing more, as it happens; and a stream that never keeps an unattended
 * session alive.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  // Withdrawals above 100 THB wait for staff.
  t = await createTestApp({ env: { SANDBOX: 'true', AUTO_WITHDRAW_MAX_SATANG: '10000' } });
  base = await listen(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('streamStaffEvents', () => {
  it('names a new withdrawal as it arrives and again when staff decide it, without its details', async () => {
    const operator = await signedInStaff(t, 'support');
    const stream = await openStaffStream(base, operator.cookie);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      const p = await fundedPlayer(t.app);
      const created = await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: p.account.id,
        credit: 12_000,
      });
      expect(created.status).toBe(201);
      const code = created.body.order.code as string;
      const arrived = await stream.next((e) => e.data.code === code);
      expect(arrived).toEqual({ event: 'order', data: { code, kind: 'WITHDRAW' } });

      await deliverDue(t.ctx); // the credit has left the provider: staff may decide
      const decider = await signedInStaff(t, 'operator');
      const seen = stream.received.length;
      await call(t.app, 'rejectStaffWithdrawal', 'POST', `/api/v2/backoffice/withdrawals/${code}/reject`, {
        cookie: decider.cookie,
        payload: { reason: 'OTHER' },
      });
      await stream.next((e) => e.data.code === code && stream.received.indexOf(e) >= seen);
    } finally {
      stream.close();
    }
  });

  it('names an unmatched bank payment as it arrives', async () => {
    const owner = await signedInStaff(t, 'owner');
    const stream = await openStaffStream(base, owner.cookie);
    try {
      const reference = `BCEL-LIVE-${Date.now()}`;
      await postPaymentCallback(t.app, t.ctx.config.gatewaySecret, {
        billNumber: 'D261122NOBODY000',
        reference,
        amount: 100_000,
      });
      expect(await stream.next((e) => e.event === 'payment')).toEqual({
        event: 'payment',
        data: { reference },
      });
    } finally {
      stream.close();
    }
  });

  it('answers 401 without a staff session, and to a player’s', async () => {
    const player = await registerAndLogin(t.app);
    await addAccount(t.app, player.cookie);
    for (const cookie of [undefined, player.cookie]) {
      const refused = await openStaffStream(base, cookie);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('keeps no session alive: it ends when the session idles out or is ended, and never touches it', async () => {
    // A second app on the same database, its pings 100 ms apart (its own adapters: t.app keeps its own).
    const app = await buildApp(
      { ...t.ctx, adapters: createAdapters(t.ctx.config, t.ctx.db) },
      { eventPingMs: 100 },
    );
    try {
      const own = await listen(app);
      const lastSeen = async (username: string) =>
        String(
          (
            await t.ctx.db.query<{ last_seen_at: unknown }>(
              `SELECT ss.last_seen_at FROM staff_sessions ss JOIN staff s ON s.id = ss.staff_id
               WHERE s.username = $1`,
              [username],
            )
          ).rows[0]!.last_seen_at,
        );

      const idle = await signedInStaff(t, 'support');
      const idleStream = await openStaffStream(own, idle.cookie);
      expect(idleStream.status).toBe(200);
      const before = await lastSeen(idle.username);
      await new Promise((resolve) => setTimeout(resolve, 350)); // three pings
      expect(await lastSeen(idle.username)).toBe(before);
      // 15 minutes without a staff request: the session idles out, and the stream ends with it.
      await t.ctx.db.query(
        `UPDATE staff_sessions SET last_seen_at = now() - interval '16 minutes'
         WHERE staff_id = (SELECT id FROM staff WHERE username = $1)`,
        [idle.username],
      );
      await idleStream.ended;

      const leaving = await signedInStaff(t, 'support');
      const leavingStream = await openStaffStream(own, leaving.cookie);
      expect(leavingStream.status).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/backoffice/session/end',
        headers: jsonHeaders(leaving.cookie),
      });
      await leavingStream.ended;
    } finally {
      await app.close();
    }
  });
});
