import { STAFF_EVENTS_CHANNEL } from '../src/domain/ledger/staffEvents';
import { createTestApp, type TestApp } from './helpers';
import { addAccount, call, createWithdraw, depositAndPay, fundedPlayer } from './moneyFixtures';
import { registerAndLogin } from './helpers';
import { signedInStaff } from './staffFixtures';

/**
 * The withdrawal queue as operators work it (docs/backoffice.md, "The queue"): by when each waiting
 * withdrawal is due, who has it open, the player's context beside it, and the alert on arrival.
 */

let t: TestApp;
beforeAll(async () => {
  // No automatic payouts: every withdrawal waits for staff.
  t = await createTestApp({ env: { SANDBOX: 'true', AUTO_WITHDRAW_MAX_SATANG: '0' } });
});
afterAll(async () => {
  await t?.close();
});

type Row = {
  code: string;
  reviewBy: string | null;
  takenBy: { username: string; displayName: string; since: string } | null;
  player: {
    registeredAt: string;
    registeredName: string;
    nameMatches: boolean;
    deposited: number;
    withdrawn: number;
    turnover: { required: number; done: number } | null;
  };
};

async function queueRow(cookie: string, code: string): Promise<Row> {
  const r = await call(
    t.app,
    'listStaffWithdrawals',
    'GET',
    '/api/v2/backoffice/withdrawals?status=OPEN&pageSize=100',
    {
      cookie,
    },
  );
  expect(r.status).toBe(200);
  const row = (r.body.items as Row[]).find((w) => w.code === code);
  if (!row) throw new Error(`${code} is not in the queue`);
  return row;
}

async function waitingWithdrawal(): Promise<string> {
  const p = await fundedPlayer(t.app);
  const created = await createWithdraw(t.app, p.cookie, {
    provider: 'alphabet',
    bankAccountId: p.account.id,
    credit: 10_000,
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.order.code as string;
}

const hold = (operation: 'take' | 'release', code: string, cookie: string) =>
  call(
    t.app,
    operation === 'take' ? 'takeStaffWithdrawal' : 'releaseStaffWithdrawal',
    'POST',
    `/api/v2/backoffice/withdrawals/${code}/${operation}`,
    { cookie },
  );

describe('the withdrawal queue', () => {
  it('says by when staff should have decided a waiting withdrawal: WITHDRAW_REVIEW_MINUTES after it came', async () => {
    const operator = await signedInStaff(t, 'operator');
    const code = await waitingWithdrawal();
    const row = await queueRow(operator.cookie, code);
    const created = await t.ctx.db.query<{ created_at: Date }>(
      'SELECT created_at FROM orders WHERE code = $1',
      [code],
    );
    expect(Date.parse(row.reviewBy!) - created.rows[0]!.created_at.getTime()).toBe(60 * 60_000);
  });

  it('shows who has a withdrawal open; another operator never takes it over until they let go or leave it', async () => {
    const noy = await signedInStaff(t, 'operator');
    const kham = await signedInStaff(t, 'owner');
    const code = await waitingWithdrawal();
    expect((await queueRow(kham.cookie, code)).takenBy).toBeNull();

    const taken = await hold('take', code, noy.cookie);
    expect(taken.status).toBe(200);
    expect(taken.body.takenBy).toMatchObject({ username: noy.username, displayName: expect.any(String) });
    expect((await queueRow(kham.cookie, code)).takenBy?.username).toBe(noy.username);

    // Kham opens it too: Noy keeps it, and Kham is told.
    expect((await hold('take', code, kham.cookie)).body.takenBy.username).toBe(noy.username);
    // Kham's release lets go of nothing of Noy's.
    expect((await hold('release', code, kham.cookie)).body.takenBy.username).toBe(noy.username);
    // Taken again while open: the same hold, from the same moment.
    const since = taken.body.takenBy.since;
    await t.clock.advance(60_000);
    expect((await hold('take', code, noy.cookie)).body.takenBy.since).toBe(since);

    expect((await hold('release', code, noy.cookie)).body.takenBy).toBeNull();
    expect((await hold('take', code, kham.cookie)).body.takenBy.username).toBe(kham.username);
    // Kham's screen closed without letting go (a lost tab): after two minutes Noy may take it.
    await t.clock.advance(121_000);
    expect((await queueRow(noy.cookie, code)).takenBy).toBeNull();
    expect((await hold('take', code, noy.cookie)).body.takenBy.username).toBe(noy.username);
  });

  it('holds no decided withdrawal, and answers 404 for an unknown one', async () => {
    const noy = await signedInStaff(t, 'operator');
    const code = await waitingWithdrawal();
    const rejected = await call(
      t.app,
      'rejectStaffWithdrawal',
      'POST',
      `/api/v2/backoffice/withdrawals/${code}/reject`,
      {
        cookie: noy.cookie,
        payload: { reason: 'PLAYER_REQUEST' },
      },
    );
    expect(rejected.status).toBe(200);
    expect((await hold('take', code, noy.cookie)).body).toMatchObject({ takenBy: null, reviewBy: null });
    expect((await hold('take', 'W2611220001NONE', noy.cookie)).status).toBe(404);
  });

  it('shows the player beside the withdrawal: registered when and as whom, what they deposited and withdrew', async () => {
    const operator = await signedInStaff(t, 'operator');
    const p = await registerAndLogin(t.app);
    const name = await t.ctx.db.query<{ display_name: string; created_at: Date }>(
      'SELECT display_name, created_at FROM players WHERE id = $1',
      [p.playerId],
    );
    const registeredName = name.rows[0]!.display_name;
    // The bank account holder's name is the registered one, written another way.
    const account = await addAccount(t.app, p.cookie, { accountName: `  ${registeredName.toLowerCase()} ` });
    await depositAndPay(t.app, p.cookie, { amount: 100_000 });
    await depositAndPay(t.app, p.cookie, { amount: 150_000 });
    const first = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: account.id,
      credit: 10_000,
    });
    const approved = await call(
      t.app,
      'approveStaffWithdrawal',
      'POST',
      `/api/v2/backoffice/withdrawals/${first.body.order.code}/approve`,
      { cookie: operator.cookie },
    );
    expect(approved.body.outcome).toBe('PAID');
    const paidOut = (
      await t.ctx.db.query<{ amount: string }>('SELECT amount FROM orders WHERE code = $1', [
        first.body.order.code,
      ])
    ).rows[0]!.amount;
    const second = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: account.id,
      credit: 10_000,
    });
    const row = await queueRow(operator.cookie, second.body.order.code);
    expect(row.player).toEqual({
      registeredAt: name.rows[0]!.created_at.toISOString(),
      registeredName,
      nameMatches: true,
      deposited: 250_000,
      withdrawn: Number(paidOut),
      turnover: null,
    });

    // Another holder's name is pointed out.
    const other = await fundedPlayer(t.app);
    const theirs = await createWithdraw(t.app, other.cookie, {
      provider: 'alphabet',
      bankAccountId: other.account.id,
      credit: 10_000,
    });
    expect((await queueRow(operator.cookie, theirs.body.order.code)).player.nameMatches).toBe(false);
  });

  it('tells every back office screen when a withdrawal arrives for staff to decide', async () => {
    const heard: string[] = [];
    const stop = await t.ctx.db.listen([STAFF_EVENTS_CHANNEL], (_channel, payload) => heard.push(payload));
    try {
      const code = await waitingWithdrawal();
      for (let i = 0; i < 50 && !heard.some((h) => h.includes('review')); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(heard.map((h) => JSON.parse(h))).toContainEqual({ event: 'review', code });
    } finally {
      await stop();
    }
  });
});
