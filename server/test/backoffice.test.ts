import { addDays, periodOf, vientianeDay } from '@core/rewardPeriods';
import { STAFF_OPERATIONS } from '@core/staffOperations';
import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@core/staffRoles';
import { listOperations } from '../src/contract/load';
import { verifyAuditChain } from '../src/domain/ledger/audit';
import { deliverDue } from '../src/domain/money/outboxDelivery';
import { creditRewardIn } from '../src/domain/rewards/rewardCredits';
import { currentTotpCode } from '../src/domain/staff/staffAccounts';
import { runOps } from '../src/ops/commands';
import { STAFF_PASSWORD_ARG } from '../src/ops/staffCommands';
import {
  TEST_PASSWORD,
  cookieFrom,
  createTestApp,
  jsonHeaders,
  registerAndLogin,
  type TestApp,
} from './helpers';
import {
  addAccount,
  call,
  createWithdraw,
  credit,
  depositAndPay,
  fundedPlayer,
  postPaymentCallback,
} from './moneyFixtures';
import { createStaff, enrol, signedInStaff, STAFF_PASSWORD, staffLogin } from './staffFixtures';

/**
 * The back office (issue 31, docs/backoffice.md) as a staff client sees it: two-factor sign-in, its own
 * session, permissions per role checked on the server, four-eyes withdrawals and the audit chain.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', AUTO_WITHDRAW_MAX_SATANG: '12000' } });
});
afterAll(async () => {
  await t?.close();
});

const newStaff = (role: StaffRole) => createStaff(t, role);
const login = (payload: { username: string; password: string; code: string }, headers = jsonHeaders()) =>
  staffLogin(t, payload, headers);
const signedIn = (role: StaffRole) => signedInStaff(t, role);

/** Rules a promotion may have: a 300,000 LAK deposit within this server's deposit bounds. */
const SAMPLE_RULES = {
  depositAmount: 300_000,
  bonusPercent: 15,
  maxBonusCredit: 20_000,
  turnover: 3,
  firstOrderOnly: false,
  withdrawAll: false,
  creditThreshold: 5_000,
  oneTime: true,
  maxWithdrawPercent: 500,
  minWithdrawCredit: 0,
};

/** A valid request of every staff operation, so only the session and the role decide the answer. */
const SAMPLE_REQUESTS: Record<
  (typeof STAFF_OPERATIONS)[number],
  { method: 'GET' | 'POST'; url: string; payload?: object }
> = {
  getStaffSession: { method: 'GET', url: '/api/v2/backoffice/session' },
  logoutStaff: { method: 'POST', url: '/api/v2/backoffice/session/end' },
  streamStaffEvents: { method: 'GET', url: '/api/v2/backoffice/events' },
  getStaffDashboard: { method: 'GET', url: '/api/v2/backoffice/dashboard' },
  listStaffWithdrawals: { method: 'GET', url: '/api/v2/backoffice/withdrawals' },
  approveStaffWithdrawal: { method: 'POST', url: '/api/v2/backoffice/withdrawals/W2611220001NONE/approve' },
  rejectStaffWithdrawal: {
    method: 'POST',
    url: '/api/v2/backoffice/withdrawals/W2611220001NONE/reject',
    payload: { reason: 'OTHER' },
  },
  listStaffPlayers: { method: 'GET', url: '/api/v2/backoffice/players' },
  getStaffPlayer: { method: 'GET', url: '/api/v2/backoffice/players/nobody' },
  addStaffNote: {
    method: 'POST',
    url: '/api/v2/backoffice/players/nobody/notes',
    payload: { text: 'hello' },
  },
  listStaffPromotions: { method: 'GET', url: '/api/v2/backoffice/promotions' },
  createStaffPromotion: {
    method: 'POST',
    url: '/api/v2/backoffice/promotions',
    payload: {
      id: 'sample-rights',
      title: 'x',
      description: 'y',
      endsAt: '2099-12-31T17:00:00.000Z',
      rules: SAMPLE_RULES,
    },
  },
  updateStaffPromotionRules: {
    method: 'POST',
    url: '/api/v2/backoffice/promotions/no-such-promo/rules',
    payload: SAMPLE_RULES,
  },
  updateStaffPromotionText: {
    method: 'POST',
    url: '/api/v2/backoffice/promotions/no-such-promo/texts',
    payload: { lang: 'lo', title: 'x', description: 'y' },
  },
  listAuditEntries: { method: 'GET', url: '/api/v2/backoffice/audit' },
  listStaff: { method: 'GET', url: '/api/v2/backoffice/staff' },
  createStaff: {
    method: 'POST',
    url: '/api/v2/backoffice/staff',
    // Valid, so that only the session and the role decide: the first owner makes it, later ones meet 409.
    payload: { username: 'sample.support', displayName: 'Sample', role: 'support' },
  },
  getStaffSettings: { method: 'GET', url: '/api/v2/backoffice/settings' },
  updateStaffSettings: {
    method: 'POST',
    url: '/api/v2/backoffice/settings',
    payload: { fourEyesAboveCredit: null },
  },
  listStaffDeposits: { method: 'GET', url: '/api/v2/backoffice/deposits?status=SUCCESS' },
  listStaffUnmatchedPayments: { method: 'GET', url: '/api/v2/backoffice/payments' },
  applyStaffPayment: {
    method: 'POST',
    url: '/api/v2/backoffice/payments/NO-SUCH-REF/apply',
    payload: { code: 'D2611220001NONE' },
  },
  refundStaffPayment: { method: 'POST', url: '/api/v2/backoffice/payments/NO-SUCH-REF/refund' },
  listStaffTransfers: { method: 'GET', url: '/api/v2/backoffice/transfers?which=failed' },
  retryStaffTransfer: { method: 'POST', url: '/api/v2/backoffice/transfers/no:such:ref/retry' },
  checkStaffWallets: { method: 'GET', url: '/api/v2/backoffice/transfers/differences' },
  listStaffGames: { method: 'GET', url: '/api/v2/backoffice/games' },
  updateStaffGame: {
    method: 'POST',
    url: '/api/v2/backoffice/games/no-such-game',
    payload: { enabled: true },
  },
  endStaffPlayerSessions: { method: 'POST', url: '/api/v2/backoffice/players/nobody/sessions/end' },
  setStaffPlayerPromotionBlock: {
    method: 'POST',
    url: '/api/v2/backoffice/players/nobody/promotion-block',
    payload: { blocked: true },
  },
  setStaffPlayerStatus: {
    method: 'POST',
    url: '/api/v2/backoffice/players/nobody/status',
    payload: { status: 'BLOCKED', reason: 'sample' },
  },
  updateStaffPromotion: {
    method: 'POST',
    url: '/api/v2/backoffice/promotions/no-such-promo',
    payload: { endsAt: '2026-12-31T17:00:00.000Z' },
  },
  getStaffRewardSettings: { method: 'GET', url: '/api/v2/backoffice/rewards' },
  updateStaffRewardSettings: {
    method: 'POST',
    url: '/api/v2/backoffice/rewards',
    payload: { referral: { turnover: 1 } },
  },
  setStaffDisabled: {
    method: 'POST',
    url: '/api/v2/backoffice/staff/no.such.staff/disabled',
    payload: { disabled: true },
  },
  resetStaff: { method: 'POST', url: '/api/v2/backoffice/staff/no.such.staff/reset' },
  takeStaffWithdrawal: { method: 'POST', url: '/api/v2/backoffice/withdrawals/W2611220001NONE/take' },
  releaseStaffWithdrawal: { method: 'POST', url: '/api/v2/backoffice/withdrawals/W2611220001NONE/release' },
  requestStaffCreditCorrection: {
    method: 'POST',
    url: '/api/v2/backoffice/players/nobody/corrections',
    payload: { provider: 'alphabet', amount: 100, reason: 'a sample reason' },
  },
  approveStaffCreditCorrection: { method: 'POST', url: '/api/v2/backoffice/corrections/999999/approve' },
  refuseStaffCreditCorrection: { method: 'POST', url: '/api/v2/backoffice/corrections/999999/refuse' },
  setStaffRole: {
    method: 'POST',
    url: '/api/v2/backoffice/staff/no.such.staff/role',
    payload: { role: 'support' },
  },
};

function send(operationId: (typeof STAFF_OPERATIONS)[number], cookie?: string, app = t.app) {
  const r = SAMPLE_REQUESTS[operationId];
  return app.inject({
    method: r.method,
    url: r.url,
    headers: jsonHeaders(cookie),
    ...(r.payload ? { payload: r.payload } : {}),
  });
}

describe('staff sign-in', () => {
  it('takes the password and the current TOTP code, and sets a Strict cookie scoped to the back office', async () => {
    const staff = await newStaff('operator');
    const res = await login({
      username: staff.username,
      password: STAFF_PASSWORD,
      code: currentTotpCode(staff.secret),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: staff.username, role: 'operator', idleMinutes: 15 });
    expect(res.json().permissions).toEqual([...ROLE_PERMISSIONS.operator]);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^bo_sid=/);
    expect(cookie).toContain('Path=/api/v2/backoffice');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const me = await call(t.app, 'getStaffSession', 'GET', '/api/v2/backoffice/session', {
      cookie: cookieFrom(res.headers['set-cookie']),
    });
    expect(me.body.username).toBe(staff.username);
  });

  it('refuses a wrong password, a wrong code, a replayed code and an unknown name alike', async () => {
    const staff = await newStaff('support');
    const code = currentTotpCode(staff.secret);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (const attempt of [
      { username: staff.username, password: 'not the password', code },
      { username: staff.username, password: STAFF_PASSWORD, code: wrongCode },
      { username: 'nobody_here', password: STAFF_PASSWORD, code },
    ]) {
      const res = await login(attempt);
      expect([res.statusCode, res.json().code]).toEqual([401, 'STAFF_LOGIN_FAILED']);
    }
    expect((await login({ username: staff.username, password: STAFF_PASSWORD, code })).statusCode).toBe(200);
    // The same code again, within its 30 seconds: refused.
    const replay = await login({ username: staff.username, password: STAFF_PASSWORD, code });
    expect([replay.statusCode, replay.json().code]).toEqual([401, 'STAFF_LOGIN_FAILED']);
  });

  it('is throttled like a player login', async () => {
    const staff = await newStaff('support');
    let last = 0;
    for (let i = 0; i < 7; i += 1)
      last = (await login({ username: staff.username, password: 'wrong password', code: '000000' }))
        .statusCode;
    expect(last).toBe(429);
  });

  it('ends after 15 idle minutes, and on sign-out', async () => {
    const idle = await signedIn('support');
    await t.ctx.db.query(
      "UPDATE staff_sessions SET last_seen_at = now() - interval '16 minutes' WHERE staff_id = (SELECT id FROM staff WHERE username = $1)",
      [idle.username],
    );
    expect((await send('getStaffSession', idle.cookie)).statusCode).toBe(401);

    const out = await signedIn('support');
    expect((await send('logoutStaff', out.cookie)).statusCode).toBe(200);
    expect((await send('getStaffSession', out.cookie)).statusCode).toBe(401);
  });

  it('answers only the addresses of BACKOFFICE_ALLOWED_IPS when it is set', async () => {
    const walled = await createTestApp({ env: { BACKOFFICE_ALLOWED_IPS: '10.9.8.7' } });
    try {
      const res = await walled.app.inject({
        method: 'POST',
        url: '/api/v2/backoffice/session',
        headers: jsonHeaders(),
        payload: { username: 'anyone', password: 'whatever', code: '123456' },
      });
      expect([res.statusCode, res.json().code]).toEqual([403, 'STAFF_ADDRESS_NOT_ALLOWED']);
      // Every staff operation, before it asks for a session: each answers the 403 its contract declares.
      for (const operationId of STAFF_OPERATIONS) {
        const refused = await send(operationId, undefined, walled.app);
        expect([operationId, refused.statusCode, refused.json().code]).toEqual([
          operationId,
          403,
          'STAFF_ADDRESS_NOT_ALLOWED',
        ]);
      }
    } finally {
      await walled.close();
    }
  });
});

describe('access to staff operations', () => {
  it('refuses every staff operation without a staff session, and with a player session', async () => {
    const player = await registerAndLogin(t.app);
    for (const operationId of STAFF_OPERATIONS) {
      for (const cookie of [undefined, player.cookie]) {
        const res = await send(operationId, cookie);
        expect([operationId, res.statusCode, res.json().code]).toEqual([operationId, 401, 'UNAUTHORIZED']);
      }
    }
  });

  it('refuses each role what it lacks, with 403 STAFF_FORBIDDEN, and lets it through to what it has', async () => {
    const permissionOf = new Map(
      listOperations().map(({ operation }) => [operation.operationId, operation['x-permission']]),
    );
    for (const role of STAFF_ROLES) {
      const staff = await signedIn(role);
      // The event stream, let through, stays open: it has tests of its own (staffEvents.test.ts).
      const answering = STAFF_OPERATIONS.filter((id) => id !== 'logoutStaff' && id !== 'streamStaffEvents');
      for (const operationId of answering) {
        const res = await send(operationId, staff.cookie);
        const allowed = ROLE_PERMISSIONS[role].includes(permissionOf.get(operationId) as never);
        if (allowed) expect([role, operationId, res.statusCode]).not.toEqual([role, operationId, 403]);
        else
          expect([role, operationId, res.statusCode, res.json().code]).toEqual([
            role,
            operationId,
            403,
            'STAFF_FORBIDDEN',
          ]);
        expect(res.statusCode).not.toBe(401);
      }
    }
  });

  it('never lets a staff session reach a player operation', async () => {
    const staff = await signedIn('owner');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/info',
      headers: jsonHeaders(staff.cookie),
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a staff change sent from another site (CSRF)', async () => {
    const staff = await signedIn('owner');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/backoffice/settings',
      headers: { ...jsonHeaders(staff.cookie), origin: 'https://evil.example' },
      payload: { fourEyesAboveCredit: 0 },
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN_ORIGIN']);
  });

  it('lets an owner create staff, who get an enrolment link and no password or secret, and refuses a taken name', async () => {
    const owner = await signedIn('owner');
    const payload = { username: `noy${Date.now() % 100000}`, displayName: 'Noy', role: 'operator' };
    const created = await call(t.app, 'createStaff', 'POST', '/api/v2/backoffice/staff', {
      cookie: owner.cookie,
      payload,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      staff: { username: payload.username, enrolled: false },
      enrolment: { path: expect.stringMatching(/^\/backoffice\/enrol\/[A-Za-z0-9_-]{43}$/) },
    });
    expect(JSON.stringify(created.body)).not.toMatch(/secret|otpauth/i);
    const again = await call(t.app, 'createStaff', 'POST', '/api/v2/backoffice/staff', {
      cookie: owner.cookie,
      payload,
    });
    expect([again.status, again.body.code]).toEqual([409, 'STAFF_USERNAME_TAKEN']);
    const listed = await call(t.app, 'listStaff', 'GET', '/api/v2/backoffice/staff', {
      cookie: owner.cookie,
    });
    expect(listed.body.map((s: { username: string }) => s.username)).toContain(payload.username);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.enrolment.path.split('/').pop());
  });
});

/** A player with a withdrawal waiting for staff (above the automatic limit of 12,000 satang). */
async function waitingWithdrawal(credit = 15_000) {
  const p = await registerAndLogin(t.app);
  const account = await addAccount(t.app, p.cookie);
  await depositAndPay(t.app, p.cookie, { amount: 200_000 });
  const created = await createWithdraw(t.app, p.cookie, {
    provider: 'alphabet',
    bankAccountId: account.id,
    credit,
  });
  expect(created.status).toBe(201);
  await deliverDue(t.ctx);
  return { ...p, code: created.body.order.code as string };
}

/** Staff approve or reject a withdrawal waiting in the queue. */
function decide(action: 'approve' | 'reject', code: string, cookie: string, reason = 'NAME_MISMATCH') {
  if (action === 'approve')
    return call(t.app, 'approveStaffWithdrawal', 'POST', `/api/v2/backoffice/withdrawals/${code}/approve`, {
      cookie,
    });
  return call(t.app, 'rejectStaffWithdrawal', 'POST', `/api/v2/backoffice/withdrawals/${code}/reject`, {
    cookie,
    payload: { reason },
  });
}

describe('the withdrawal queue', () => {
  afterEach(async () => {
    await t.ctx.db.query('UPDATE backoffice_settings SET four_eyes_above_satang = NULL');
  });

  it('lists a waiting withdrawal with its player, account and flags; an operator approves it and it is paid', async () => {
    const w = await waitingWithdrawal();
    const operator = await signedIn('operator');
    const queue = await call(
      t.app,
      'listStaffWithdrawals',
      'GET',
      `/api/v2/backoffice/withdrawals?status=OPEN&username=${w.username}`,
      {
        cookie: operator.cookie,
      },
    );
    expect(queue.body.items).toEqual([
      expect.objectContaining({
        code: w.code,
        username: w.username,
        credit: 15_000,
        reviewReason: 'OVER_AUTOMATIC_LIMIT',
        approvalsNeeded: 1,
        riskFlags: expect.arrayContaining(['OVER_AUTOMATIC_LIMIT', 'NEW_BANK_ACCOUNT']),
      }),
    ]);
    const approved = await decide('approve', w.code, operator.cookie);
    expect(approved.body).toMatchObject({ outcome: 'PAID', withdrawal: { status: 'SUCCESS' } });
    const mine = await call(t.app, 'listWithdraws', 'GET', '/api/v2/withdraws', { cookie: w.cookie });
    expect(mine.body.items[0]).toMatchObject({ code: w.code, status: 'SUCCESS' });
  });

  it('above the four-eyes amount pays only on a second, different approver', async () => {
    const owner = await signedIn('owner');
    await call(t.app, 'updateStaffSettings', 'POST', '/api/v2/backoffice/settings', {
      cookie: owner.cookie,
      payload: { fourEyesAboveCredit: 14_000 },
    });
    const w = await waitingWithdrawal(15_000);
    const first = await signedIn('operator');
    const second = await signedIn('operator');

    const once = await decide('approve', w.code, first.cookie);
    expect(once.body).toMatchObject({
      outcome: 'AWAITING_SECOND_APPROVAL',
      withdrawal: { status: 'OPEN', approvalsNeeded: 2, approvals: [{ actor: `staff:${first.username}` }] },
    });
    expect(once.body.withdrawal.riskFlags).toContain('FOUR_EYES');
    const again = await decide('approve', w.code, first.cookie);
    expect([again.status, again.body.code]).toEqual([409, 'APPROVAL_SAME_STAFF']);
    const mine = await call(t.app, 'listWithdraws', 'GET', '/api/v2/withdraws', { cookie: w.cookie });
    expect(mine.body.items[0]).toMatchObject({ status: 'OPEN', payout: { stage: 'RECEIVED' } });

    const twice = await decide('approve', w.code, second.cookie);
    expect(twice.body).toMatchObject({ outcome: 'PAID', withdrawal: { status: 'SUCCESS' } });
    expect(twice.body.withdrawal.approvals).toHaveLength(2);
    const late = await decide('approve', w.code, second.cookie);
    expect([late.status, late.body.code]).toEqual([409, 'ORDER_CLOSED']);
  });

  it('pays withdrawals without staff up to the owner’s automatic limit, and none when it is 0', async () => {
    const owner = await signedIn('owner');
    const settings = (payload: object) =>
      call(t.app, 'updateStaffSettings', 'POST', '/api/v2/backoffice/settings', {
        cookie: owner.cookie,
        payload,
      });
    const reasonOf = async (code: string) => {
      const queue = await call(t.app, 'listStaffWithdrawals', 'GET', '/api/v2/backoffice/withdrawals', {
        cookie: owner.cookie,
      });
      return queue.body.items.find((w: { code: string }) => w.code === code)?.reviewReason;
    };
    // 150 THB is over this server's default (120 THB).
    expect(await reasonOf((await waitingWithdrawal()).code)).toBe('OVER_AUTOMATIC_LIMIT');
    expect((await settings({ automaticWithdrawMaxCredit: 0 })).body).toMatchObject({
      fourEyesAboveCredit: null,
      automaticWithdrawMaxCredit: 0,
      automaticWithdrawDefaultCredit: 12_000,
    });
    expect(await reasonOf((await waitingWithdrawal(10_000)).code)).toBe('AUTOMATIC_OFF');
    // Raised above the amount: the next check is the bank account's age (new in this test).
    await settings({ automaticWithdrawMaxCredit: 20_000 });
    expect(await reasonOf((await waitingWithdrawal()).code)).toBe('NEW_BANK_ACCOUNT');
    await settings({ automaticWithdrawMaxCredit: null });
    const audit = await t.ctx.db.query<{ after: unknown }>(
      `SELECT after FROM audit_log WHERE action = 'settings.automaticWithdraw' ORDER BY seq`,
    );
    expect(audit.rows.map((r) => r.after)).toEqual([
      { automaticWithdrawMaxCredit: 0 },
      { automaticWithdrawMaxCredit: 20_000 },
      { automaticWithdrawMaxCredit: null },
    ]);
  });

  it('refuses deposits outside the owner’s bounds, which the agency’s limits then show', async () => {
    const owner = await signedIn('owner');
    const settings = (payload: object) =>
      call(t.app, 'updateStaffSettings', 'POST', '/api/v2/backoffice/settings', {
        cookie: owner.cookie,
        payload,
      });
    const player = await registerAndLogin(t.app);
    const deposit = (amount: number) =>
      call(t.app, 'createDeposit', 'POST', '/api/v2/deposits', {
        cookie: player.cookie,
        headers: { 'idempotency-key': `bounds-${amount}-${Date.now()}` },
        payload: { provider: 'alphabet', mid: 'MID-LAOQR-01', bank: 'bcel', amount },
      });
    expect((await settings({ depositMinLak: 200_000 })).body).toMatchObject({
      depositMinLak: 200_000,
      depositMaxLak: null,
      depositDefaultMinLak: 94_000,
    });
    const info = await call(t.app, 'getAgencyInfo', 'GET', '/api/v2/agency/info', {});
    expect(info.body.agency.limits.deposit).toMatchObject({ min: 200_000 });
    expect((await deposit(100_000)).body.code).toBe('AMOUNT_OUT_OF_RANGE');
    // A smallest deposit above the largest is refused, and nothing of the change is kept.
    const crossed = await settings({ fourEyesAboveCredit: 1, depositMaxLak: 150_000 });
    expect([crossed.status, crossed.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(
      (await call(t.app, 'getStaffSettings', 'GET', '/api/v2/backoffice/settings', { cookie: owner.cookie }))
        .body,
    ).toMatchObject({ fourEyesAboveCredit: null, depositMinLak: 200_000, depositMaxLak: null });
    await settings({ depositMinLak: null });
    expect((await deposit(100_000)).status).toBe(201);
  });

  it('rejects a withdrawal with one person and a reason the player then reads, its credit back with them', async () => {
    const w = await waitingWithdrawal();
    const operator = await signedIn('operator');
    // Without a reason, or with one outside the catalogue, nothing happens.
    const bare = await call(
      t.app,
      'rejectStaffWithdrawal',
      'POST',
      `/api/v2/backoffice/withdrawals/${w.code}/reject`,
      {
        cookie: operator.cookie,
      },
    );
    expect(bare.status).toBe(400);
    expect((await decide('reject', w.code, operator.cookie, 'BECAUSE')).body.code).toBe('VALIDATION_ERROR');
    const rejected = await decide('reject', w.code, operator.cookie);
    expect(rejected.body).toMatchObject({ outcome: 'REJECTED', withdrawal: { status: 'REJECTED' } });
    const mine = await call(t.app, 'listWithdraws', 'GET', '/api/v2/withdraws', { cookie: w.cookie });
    expect(mine.body.items.find((o: { code: string }) => o.code === w.code)).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'NAME_MISMATCH',
    });
    const audit = await t.ctx.db.query<{ after: { reason: string } }>(
      `SELECT after FROM audit_log WHERE action = 'withdrawal.reject' AND target = $1`,
      [`order:${w.code}`],
    );
    expect(audit.rows.map((r) => r.after.reason)).toEqual(['NAME_MISMATCH']);
  });
});

describe('players, promotions and the dashboard', () => {
  it('finds a player by username or order code and shows their account, credit, orders and notes', async () => {
    const w = await waitingWithdrawal();
    const support = await signedIn('support');
    for (const q of [w.username, w.code]) {
      const found = await call(t.app, 'listStaffPlayers', 'GET', `/api/v2/backoffice/players?q=${q}`, {
        cookie: support.cookie,
      });
      expect(found.body.items.map((p: { username: string }) => p.username)).toEqual([w.username]);
    }
    // The player's own limit: staff see it, and no staff operation changes it.
    const limit = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/players/protection/limits',
      headers: jsonHeaders(w.cookie),
      payload: { kind: 'DEPOSIT', period: 'DAY', amount: 500000 },
    });
    expect(limit.statusCode).toBeLessThan(300);
    const operator = await signedIn('operator');
    const note = await call(t.app, 'addStaffNote', 'POST', `/api/v2/backoffice/players/${w.username}/notes`, {
      cookie: operator.cookie,
      payload: { text: 'Asked about the withdrawal by phone' },
    });
    expect(note.status).toBe(201);
    const detail = await call(t.app, 'getStaffPlayer', 'GET', `/api/v2/backoffice/players/${w.username}`, {
      cookie: support.cookie,
    });
    expect(detail.body.bankAccount).toMatchObject({ bank: 'bcel' });
    expect(detail.body.orders.map((o: { code: string }) => o.code)).toContain(w.code);
    expect(detail.body.notes).toEqual([
      expect.objectContaining({
        author: `staff:${operator.username}`,
        text: 'Asked about the withdrawal by phone',
      }),
    ]);
    expect(detail.body.credits).toHaveLength(4);
    expect(detail.body.promotions).toEqual([]);
    expect(detail.body.rewards).toEqual([]);
    expect(detail.body.limits).toEqual([{ kind: 'DEPOSIT', period: 'DAY', amount: 500000, pending: false }]);
    const missing = await call(t.app, 'getStaffPlayer', 'GET', '/api/v2/backoffice/players/nobody_at_all', {
      cookie: support.cookie,
    });
    expect(missing.status).toBe(404);
  });

  it('lets marketing change a promotion’s Lao text, which players then read', async () => {
    const marketing = await signedIn('marketing');
    const list = await call(t.app, 'listStaffPromotions', 'GET', '/api/v2/backoffice/promotions', {
      cookie: marketing.cookie,
    });
    const id = list.body[0].id as string;
    const updated = await call(
      t.app,
      'updateStaffPromotionText',
      'POST',
      `/api/v2/backoffice/promotions/${id}/texts`,
      {
        cookie: marketing.cookie,
        payload: { lang: 'lo', title: 'ໂບນັດໃໝ່ ທົດສອບ', description: 'ລາຍລະອຽດໃໝ່' },
      },
    );
    expect(updated.body.texts).toContainEqual({
      lang: 'lo',
      title: 'ໂບນັດໃໝ່ ທົດສອບ',
      description: 'ລາຍລະອຽດໃໝ່',
    });
    const player = await registerAndLogin(t.app);
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/v2/promotions?lang=lo',
      headers: jsonHeaders(player.cookie),
    });
    expect(seen.body).toContain('ໂບນັດໃໝ່ ທົດສອບ');
  });

  it('lets marketing create a promotion players can claim at once, and change its rules until one does', async () => {
    const marketing = await signedIn('marketing');
    const id = `week-${Date.now() % 100000}`;
    const create = (over: object = {}) =>
      call(t.app, 'createStaffPromotion', 'POST', '/api/v2/backoffice/promotions', {
        cookie: marketing.cookie,
        payload: {
          id,
          title: 'ໂບນັດທ້າຍອາທິດ',
          description: 'ຝາກ 300.000 ກີບ',
          endsAt: '2099-12-31T17:00:00.000Z',
          rules: SAMPLE_RULES,
          ...over,
        },
      });
    // A deposit players cannot make, or an end already past, is refused and nothing is kept.
    const unusable = await create({ rules: { ...SAMPLE_RULES, depositAmount: 999_999_999 } });
    expect([unusable.status, unusable.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(unusable.body.details).toEqual([expect.objectContaining({ field: 'depositAmount' })]);
    const ended = await create({ endsAt: '2020-01-01T00:00:00.000Z' });
    expect([ended.status, ended.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    const created = await create();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id, status: 'ACTIVE', rules: SAMPLE_RULES, claimed: false });
    expect(created.body.texts).toEqual([{ lang: 'lo', title: 'ໂບນັດທ້າຍອາທິດ', description: 'ຝາກ 300.000 ກີບ' }]);
    const again = await create();
    expect([again.status, again.body.code]).toEqual([409, 'PROMOTION_ID_TAKEN']);

    const rulesUrl = `/api/v2/backoffice/promotions/${id}/rules`;
    const changed = await call(t.app, 'updateStaffPromotionRules', 'POST', rulesUrl, {
      cookie: marketing.cookie,
      payload: { ...SAMPLE_RULES, bonusPercent: 25 },
    });
    expect(changed.body.rules.bonusPercent).toBe(25);

    // A player reads it in Thai (no Thai text yet: the Lao one) with its new rules, and claims it.
    const player = await registerAndLogin(t.app);
    await addAccount(t.app, player.cookie);
    const offered = await call(t.app, 'getPromotion', 'GET', `/api/v2/promotions/${id}?lang=th`, {
      cookie: player.cookie,
    });
    expect(offered.body.promotion).toMatchObject({
      title: 'ໂບນັດທ້າຍອາທິດ',
      bonusPercent: 25,
      status: 'ACTIVE',
    });
    const claimed = await call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
      cookie: player.cookie,
      payload: { promotionId: id, providerId: 'alphabet' },
    });
    expect(claimed.status).toBe(200);
    // Staff see the claim on the player, and a reward credited to them with its turnover.
    await t.ctx.db.tx((q) =>
      creditRewardIn(q, {
        reference: `test:checkin:${player.playerId}`,
        kind: 'CHECK_IN',
        playerId: player.playerId,
        provider: 'alphabet',
        amount: 500,
        turnover: 3,
      }),
    );
    const detail = await call(
      t.app,
      'getStaffPlayer',
      'GET',
      `/api/v2/backoffice/players/${player.username}`,
      {
        cookie: (await signedIn('support')).cookie,
      },
    );
    expect(detail.body.promotions).toEqual([
      expect.objectContaining({ promotionId: id, provider: 'alphabet', status: 'ACTIVE', endedAt: null }),
    ]);
    expect(detail.body.rewards).toEqual([
      expect.objectContaining({ kind: 'CHECK_IN', amount: 500, turnoverRequired: 1500, turnoverDone: 0 }),
    ]);
    // Claimed: its rules are what that player agreed to.
    const locked = await call(t.app, 'updateStaffPromotionRules', 'POST', rulesUrl, {
      cookie: marketing.cookie,
      payload: { ...SAMPLE_RULES, bonusPercent: 100 },
    });
    expect([locked.status, locked.body.code]).toEqual([409, 'PROMOTION_RULES_LOCKED']);
    const list = await call(t.app, 'listStaffPromotions', 'GET', '/api/v2/backoffice/promotions', {
      cookie: marketing.cookie,
    });
    expect(list.body.find((p: { id: string }) => p.id === id)).toMatchObject({
      claimed: true,
      rules: { bonusPercent: 25 },
    });
    const audit = await t.ctx.db.query<{ action: string; actor: string }>(
      'SELECT action, actor FROM audit_log WHERE target = $1 ORDER BY seq',
      [`promotion:${id}`],
    );
    expect(audit.rows).toEqual([
      { action: 'promotion.create', actor: `staff:${marketing.username}` },
      { action: 'promotion.rules', actor: `staff:${marketing.username}` },
    ]);
  });

  it('shows today’s figures and what waits for staff', async () => {
    await waitingWithdrawal();
    const support = await signedIn('support');
    const board = await call(t.app, 'getStaffDashboard', 'GET', '/api/v2/backoffice/dashboard', {
      cookie: support.cookie,
    });
    expect(board.body.deposits.count).toBeGreaterThan(0);
    expect(board.body.newPlayers).toBeGreaterThan(0);
    expect(board.body.waiting.withdrawals).toBeGreaterThan(0);
  });
});

describe('payments, provider transfers, games and actions on players', () => {
  const auditActions = async (target: string) =>
    (
      await t.ctx.db.query<{ action: string; actor: string }>(
        'SELECT action, actor FROM audit_log WHERE target = $1 ORDER BY seq',
        [target],
      )
    ).rows;

  it('suggests first the order whose code the payer mistyped, then the others of the same amount', async () => {
    const deposit = async () => {
      const p = await registerAndLogin(t.app);
      const created = await call(t.app, 'createDeposit', 'POST', '/api/v2/deposits', {
        cookie: p.cookie,
        headers: { 'idempotency-key': `bo-c-${Date.now()}-${p.username}` },
        payload: { provider: 'alphabet', mid: 'MID-LAOQR-01', bank: 'bcel', amount: 170_000 },
      });
      expect(created.body).toHaveProperty('order');
      return created.body.order.code as string;
    };
    const older = await deposit();
    const mistyped = await deposit();
    const newest = await deposit();
    const ref = `BCEL-BO-C-${Date.now()}`;
    const bill = `${mistyped.slice(0, -1)}${mistyped.endsWith('Z') ? 'Y' : 'Z'}`;
    await postPaymentCallback(t.app, t.ctx.config.gatewaySecret, {
      billNumber: bill,
      reference: ref,
      amount: 170_000,
    });
    const operator = await signedIn('operator');
    const list = await call(t.app, 'listStaffUnmatchedPayments', 'GET', '/api/v2/backoffice/payments', {
      cookie: operator.cookie,
    });
    const found = list.body.items.find((x: { reference: string }) => x.reference === ref);
    const codes = found.candidates.map((c: { code: string; closeReference: boolean }) => [
      c.code,
      c.closeReference,
    ]);
    expect(codes.slice(0, 3)).toEqual([
      [mistyped, true],
      [newest, false],
      [older, false],
    ]);
  });

  it('applies an unmatched payment to its order, crediting the player once, and records a refund of another', async () => {
    const p = await registerAndLogin(t.app);
    const created = await call(t.app, 'createDeposit', 'POST', '/api/v2/deposits', {
      cookie: p.cookie,
      headers: { 'idempotency-key': `bo-${Date.now()}` },
      payload: { provider: 'alphabet', mid: 'MID-LAOQR-01', bank: 'bcel', amount: 100_000 },
    });
    const code = created.body.order.code as string;
    const ref = `BCEL-BO-${Date.now()}`;
    // Paid with an unknown bill number: the payment waits for staff, the player has nothing yet.
    await postPaymentCallback(t.app, t.ctx.config.gatewaySecret, {
      billNumber: 'D261122UNKNOWN00',
      reference: ref,
      amount: 100_000,
    });
    await postPaymentCallback(t.app, t.ctx.config.gatewaySecret, {
      billNumber: 'D261122UNKNOWN01',
      reference: `${ref}-2`,
      amount: 55_000,
    });
    expect(await credit(t.app, p.cookie)).toBe('0.00');

    const operator = await signedIn('operator');
    const list = await call(t.app, 'listStaffUnmatchedPayments', 'GET', '/api/v2/backoffice/payments', {
      cookie: operator.cookie,
    });
    expect(list.body.items.map((x: { reference: string }) => x.reference)).toEqual(
      expect.arrayContaining([ref, `${ref}-2`]),
    );
    // The order of the same amount is suggested; none for the payment of another amount.
    const payment = (reference: string) =>
      list.body.items.find((x: { reference: string }) => x.reference === reference);
    expect(payment(ref).candidates).toContainEqual(
      expect.objectContaining({ code, username: p.username, amount: 100_000, status: 'OPEN' }),
    );
    expect(
      payment(`${ref}-2`).candidates.filter((c: { username: string }) => c.username === p.username),
    ).toEqual([]);
    const apply = (reference: string, orderCode: string) =>
      call(t.app, 'applyStaffPayment', 'POST', `/api/v2/backoffice/payments/${reference}/apply`, {
        cookie: operator.cookie,
        payload: { code: orderCode },
      });
    // Another amount than the order's is refused, and changes nothing.
    expect((await apply(`${ref}-2`, code)).body.code).toBe('VALIDATION_ERROR');
    expect((await apply(ref, code)).status).toBe(200);
    expect(await credit(t.app, p.cookie)).toBe('153.84');
    const deposits = await call(
      t.app,
      'listStaffDeposits',
      'GET',
      `/api/v2/backoffice/deposits?username=${p.username}`,
      { cookie: operator.cookie },
    );
    expect(deposits.body.items).toEqual([
      { username: p.username, order: expect.objectContaining({ code, status: 'SUCCESS' }) },
    ]);
    // Once only: the payment is resolved.
    expect((await apply(ref, code)).status).toBe(404);
    expect(await credit(t.app, p.cookie)).toBe('153.84');

    const refund = await call(
      t.app,
      'refundStaffPayment',
      'POST',
      `/api/v2/backoffice/payments/${ref}-2/refund`,
      { cookie: operator.cookie },
    );
    expect(refund.status).toBe(200);
    const after = await call(t.app, 'listStaffUnmatchedPayments', 'GET', '/api/v2/backoffice/payments', {
      cookie: operator.cookie,
    });
    expect(after.body.items.map((x: { reference: string }) => x.reference)).not.toContain(ref);
    expect(await auditActions(`payment:${ref}`)).toEqual([
      { action: 'payment.apply', actor: `staff:${operator.username}` },
    ]);
    expect(await auditActions(`payment:${ref}-2`)).toEqual([
      { action: 'payment.refund', actor: `staff:${operator.username}` },
    ]);
  });

  it('lists a provider transfer stuck on a silent provider and sends it again when the provider is back', async () => {
    const p = await registerAndLogin(t.app);
    const faults = { down: false, latencyMs: 0, errorPercent: 0, timeoutPercent: 0, duplicatePercent: 0 };
    t.ctx.adapters.providers.alphabet.setFaults({ ...faults, down: true });
    let code: string;
    try {
      code = await depositAndPay(t.app, p.cookie);
    } finally {
      t.ctx.adapters.providers.alphabet.setFaults(faults);
    }
    const operator = await signedIn('operator');
    const pending = await call(
      t.app,
      'listStaffTransfers',
      'GET',
      '/api/v2/backoffice/transfers?which=pending',
      {
        cookie: operator.cookie,
      },
    );
    const row = pending.body.items.find((x: { reference: string }) => x.reference === `dep:${code}`);
    expect(row).toMatchObject({
      username: p.username,
      provider: 'alphabet',
      direction: 'IN',
      status: 'PENDING',
    });

    const retried = await call(
      t.app,
      'retryStaffTransfer',
      'POST',
      `/api/v2/backoffice/transfers/dep:${code}/retry`,
      { cookie: operator.cookie },
    );
    expect(retried.body).toEqual({ delivery: 'DELIVERED' });
    const again = await call(
      t.app,
      'retryStaffTransfer',
      'POST',
      `/api/v2/backoffice/transfers/dep:${code}/retry`,
      {
        cookie: operator.cookie,
      },
    );
    expect(again.body.code).toBe('VALIDATION_ERROR');
    const check = await call(t.app, 'checkStaffWallets', 'GET', '/api/v2/backoffice/transfers/differences', {
      cookie: operator.cookie,
    });
    expect(check.body.differences.filter((d: string) => d.includes(p.playerId))).toEqual([]);
    expect(await auditActions(`transfer:dep:${code}`)).toEqual([
      { action: 'transfer.retry', actor: `staff:${operator.username}` },
    ]);
  });

  it('takes a game off the lobby and puts it back, with its badges, as players then see it', async () => {
    const marketing = await signedIn('marketing');
    const games = await call(t.app, 'listStaffGames', 'GET', '/api/v2/backoffice/games', {
      cookie: marketing.cookie,
    });
    const game = games.body.games[0] as { id: string; provider: string };
    const lobby = async () =>
      (await call(t.app, 'listGames', 'GET', `/api/v2/games?provider=${game.provider}`, {})).body.games.map(
        (g: { id: string }) => g.id,
      );
    const update = (payload: object) =>
      call(t.app, 'updateStaffGame', 'POST', `/api/v2/backoffice/games/${game.id}`, {
        cookie: marketing.cookie,
        payload,
      });
    expect((await update({ enabled: false })).body).toMatchObject({ id: game.id, enabled: false });
    expect(await lobby()).not.toContain(game.id);
    expect((await update({ enabled: true, isHot: true, order: 5 })).body).toMatchObject({
      enabled: true,
      isHot: true,
      order: 5,
    });
    expect(await lobby()).toContain(game.id);
    expect((await update({})).status).toBe(400);
    expect(
      (
        await call(t.app, 'updateStaffGame', 'POST', '/api/v2/backoffice/games/no-such-game', {
          cookie: marketing.cookie,
          payload: { enabled: true },
        })
      ).status,
    ).toBe(404);
    expect((await auditActions(`game:${game.id}`)).map((a) => a.action)).toEqual([
      'game.update',
      'game.update',
    ]);
  });

  it('blocks an account with a reason: its session ends, sign-in is refused until unblocked, all audited', async () => {
    const p = await fundedPlayer(t.app);
    const operator = await signedIn('operator');
    const setStatus = (status: string, reason: string) =>
      call(t.app, 'setStaffPlayerStatus', 'POST', `/api/v2/backoffice/players/${p.username}/status`, {
        cookie: operator.cookie,
        payload: { status, reason },
      });
    // A reason is required.
    expect((await setStatus('BLOCKED', '')).body.code).toBe('VALIDATION_ERROR');
    const blocked = await setStatus('BLOCKED', 'Linked to three other accounts by holder name');
    expect(blocked.body).toMatchObject({ username: p.username, status: 'BLOCKED' });
    const info = await call(t.app, 'getPlayerInfo', 'GET', '/api/v2/players/info', { cookie: p.cookie });
    expect(info.status).toBe(401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        headers: jsonHeaders(),
        payload: { username: p.username, password: TEST_PASSWORD },
      });
    expect((await login()).json().code).toBe('PLAYER_BLOCKED');
    expect((await setStatus('ACTIVE', 'Checked: one person, one account')).body.status).toBe('ACTIVE');
    expect((await login()).statusCode).toBe(200);
    const audit = await t.ctx.db.query<{ action: string; after: { status: string; reason: string } }>(
      'SELECT action, after FROM audit_log WHERE target = $1 ORDER BY seq',
      [`player:${p.username}`],
    );
    expect(audit.rows.map((r) => [r.action, r.after.status, r.after.reason])).toEqual([
      ['player.status', 'BLOCKED', 'Linked to three other accounts by holder name'],
      ['player.status', 'ACTIVE', 'Checked: one person, one account'],
    ]);
  });

  it('signs a player out everywhere and blocks them from promotions, which their claim then meets', async () => {
    const p = await fundedPlayer(t.app);
    const operator = await signedIn('operator');
    const blocked = await call(
      t.app,
      'setStaffPlayerPromotionBlock',
      'POST',
      `/api/v2/backoffice/players/${p.username}/promotion-block`,
      { cookie: operator.cookie, payload: { blocked: true } },
    );
    expect(blocked.body).toMatchObject({ username: p.username, promotionBlocked: true });
    const eligibility = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/backlist',
      headers: jsonHeaders(p.cookie),
    });
    expect(eligibility.json()).toEqual({ blocked: true });

    const ended = await call(
      t.app,
      'endStaffPlayerSessions',
      'POST',
      `/api/v2/backoffice/players/${p.username}/sessions/end`,
      { cookie: operator.cookie },
    );
    expect(ended.body.ended).toBeGreaterThanOrEqual(1);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/info',
      headers: jsonHeaders(p.cookie),
    });
    expect(after.statusCode).toBe(401);
    expect((await auditActions(`player:${p.username}`)).map((a) => a.action)).toEqual([
      'player.promotionBlock',
      'player.sessions.end',
    ]);
  });

  it('ends a promotion at a date, which players then read as ended', async () => {
    const marketing = await signedIn('marketing');
    const past = '2026-01-01T00:00:00.000Z';
    const updated = await call(
      t.app,
      'updateStaffPromotion',
      'POST',
      '/api/v2/backoffice/promotions/slot-50',
      {
        cookie: marketing.cookie,
        payload: { endsAt: past, imageUrl: '/promotions/slot-50.svg' },
      },
    );
    expect(updated.body).toMatchObject({
      id: 'slot-50',
      status: 'INACTIVE',
      endsAt: past,
      imageUrl: '/promotions/slot-50.svg',
    });
    const bad = await call(t.app, 'updateStaffPromotion', 'POST', '/api/v2/backoffice/promotions/slot-50', {
      cookie: marketing.cookie,
      payload: { imageUrl: '//evil.example/x.png' },
    });
    expect(bad.status).toBe(400);
    expect((await auditActions('promotion:slot-50')).map((a) => a.action)).toEqual([
      'promotion.image',
      'promotion.end',
    ]);
  });

  it('lets an owner change the rewards’ terms, within their bounds, audited', async () => {
    const owner = await signedIn('owner');
    const update = (payload: object) =>
      call(t.app, 'updateStaffRewardSettings', 'POST', '/api/v2/backoffice/rewards', {
        cookie: owner.cookie,
        payload,
      });
    const changed = await update({
      cashback: { rateBasisPoints: 700, period: 'DAY' },
      checkIn: { enabled: false },
    });
    expect(changed.status).toBe(200);
    // A new period kind waits for the next week's start (docs/rewards.md); the rate applies at once.
    expect(changed.body.cashback).toMatchObject({ rateBasisPoints: 700, period: 'WEEK' });
    expect(changed.body.cashbackPeriodChange).toEqual({
      period: 'DAY',
      from: periodOf('WEEK', new Date()).end.toISOString(),
    });
    expect(changed.body.checkIn.enabled).toBe(false);
    const read = await call(t.app, 'getStaffRewardSettings', 'GET', '/api/v2/backoffice/rewards', {
      cookie: owner.cookie,
    });
    expect(read.body).toEqual(changed.body);
    // Out of the table's bounds, or nothing to change: refused before anything is written.
    expect((await update({ cashback: { rateBasisPoints: 20_000 } })).status).toBe(400);
    expect((await update({ checkIn: {} })).status).toBe(400);
    const audit = await t.ctx.db.query<{ after: unknown }>(
      `SELECT after FROM audit_log WHERE action = 'settings.rewards' AND actor = $1 ORDER BY seq`,
      [`staff:${owner.username}`],
    );
    expect(audit.rows.map((r) => r.after)).toEqual([
      { cashback: { rateBasisPoints: 700, period: 'DAY' }, checkIn: { enabled: false } },
    ]);
    await update({ cashback: { rateBasisPoints: 500, period: 'WEEK' }, checkIn: { enabled: true } });
  });

  it('lets an owner disable a staff account, whose session ends at once, but not their own', async () => {
    const owner = await signedIn('owner');
    const operator = await signedIn('operator');
    const disable = (username: string, cookie: string) =>
      call(t.app, 'setStaffDisabled', 'POST', `/api/v2/backoffice/staff/${username}/disabled`, {
        cookie,
        payload: { disabled: true },
      });
    expect((await disable(operator.username, owner.cookie)).body).toMatchObject({
      username: operator.username,
      disabled: true,
    });
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/v2/backoffice/session',
      headers: jsonHeaders(operator.cookie),
    });
    expect(gone.statusCode).toBe(401);
    const own = await disable(owner.username, owner.cookie);
    expect(own.status).toBe(400);
    expect(own.body.code).toBe('VALIDATION_ERROR');
  });

  it('lets an owner change a member’s role, effective at their next request and audited, but not their own', async () => {
    const owner = await signedIn('owner');
    const member = await signedIn('operator');
    const setRole = (username: string, role: StaffRole, cookie = owner.cookie) =>
      call(t.app, 'setStaffRole', 'POST', `/api/v2/backoffice/staff/${username}/role`, {
        cookie,
        payload: { role },
      });
    const changed = await setRole(member.username, 'support');
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ username: member.username, role: 'support' });
    // Still signed in, with the new role's permissions only.
    expect(changed.body.sessions).toHaveLength(1);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v2/backoffice/session',
      headers: jsonHeaders(member.cookie),
    });
    expect(session.json()).toMatchObject({ role: 'support' });
    expect(session.json().permissions).not.toContain('withdrawals.decide');
    const audit = await t.ctx.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE action = 'staff.role' AND target = $1`,
      [`staff:${member.username}`],
    );
    expect(audit.rows).toEqual([{ before: { role: 'operator' }, after: { role: 'support' } }]);

    const own = await setRole(owner.username, 'support');
    expect([own.status, own.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await setRole('no.such.staff', 'support')).status).toBe(404);
    expect((await setRole(member.username, 'owner', member.cookie)).status).toBe(403);
    expect((await setRole(member.username, 'admin' as StaffRole)).status).toBe(400);
  });

  it('shows each member’s last sign-in and live sessions', async () => {
    const owner = await signedIn('owner');
    const member = await signedIn('support');
    const list = async () =>
      (await call(t.app, 'listStaff', 'GET', '/api/v2/backoffice/staff', { cookie: owner.cookie })).body as {
        username: string;
        lastSignIn: { at: string; address: string } | null;
        sessions: { at: string; address: string; lastSeenAt: string }[];
      }[];
    const seen = (await list()).find((m) => m.username === member.username)!;
    expect(seen.lastSignIn).toMatchObject({ address: expect.any(String) });
    expect(seen.sessions).toHaveLength(1);
    expect(seen.sessions[0]!.at).toBe(seen.lastSignIn!.at);
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/backoffice/session/end',
      headers: jsonHeaders(member.cookie),
    });
    const after = (await list()).find((m) => m.username === member.username)!;
    expect(after.sessions).toEqual([]);
    expect(after.lastSignIn).toEqual(seen.lastSignIn);
  });
});

describe('the audit log', () => {
  it('narrows to an action and everything under it, a target as typed, and Vientiane days', async () => {
    const owner = await signedIn('owner');
    const member = await signedIn('operator');
    await call(t.app, 'setStaffRole', 'POST', `/api/v2/backoffice/staff/${member.username}/role`, {
      cookie: owner.cookie,
      payload: { role: 'support' },
    });
    const list = async (query: string) => {
      const r = await call(t.app, 'listAuditEntries', 'GET', `/api/v2/backoffice/audit?${query}`, {
        cookie: owner.cookie,
      });
      return r;
    };
    const mine = `actor=staff:${owner.username}`;
    const byPrefix = await list(`${mine}&action=staff`);
    expect(byPrefix.body.items.map((e: { action: string }) => e.action)).toEqual([
      'staff.role',
      'staff.login',
      'staff.enrol',
    ]);
    // A target matched in any case, a part of it; % is a letter, not a pattern.
    const upper = member.username.toUpperCase().slice(0, -1);
    expect((await list(`${mine}&target=${upper}`)).body.total).toBe(1);
    expect((await list(`${mine}&target=%25`)).body.total).toBe(0);
    expect((await list(`${mine}&action=staf`)).body.total).toBe(0);
    const today = vientianeDay(t.ctx.clock.now());
    expect((await list(`${mine}&action=staff.role&from=${today}&to=${today}`)).body.total).toBe(1);
    const tomorrow = addDays(today, 1);
    expect((await list(`${mine}&from=${tomorrow}`)).body.total).toBe(0);
    expect((await list(`${mine}&to=${addDays(today, -1)}`)).body.total).toBe(0);
    const backwards = await list(`from=${today}&to=${addDays(today, -1)}`);
    expect([backwards.status, backwards.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('records staff actions and ops commands in a chain that `audit verify` checks', async () => {
    const owner = await signedIn('owner');
    await call(t.app, 'updateStaffSettings', 'POST', '/api/v2/backoffice/settings', {
      cookie: owner.cookie,
      payload: { fourEyesAboveCredit: 50_000 },
    });
    const verify = await runOps(t.ctx, ['audit', 'verify']);
    expect(verify).toMatchObject({ exitCode: 0, output: expect.stringContaining('audit log intact') });
    const page = await call(
      t.app,
      'listAuditEntries',
      'GET',
      `/api/v2/backoffice/audit?actor=staff:${owner.username}`,
      {
        cookie: owner.cookie,
      },
    );
    expect(page.body.chain).toMatchObject({ intact: true, brokenAt: null });
    expect(page.body.items[0]).toMatchObject({
      action: 'settings.fourEyes',
      before: { fourEyesAboveCredit: null },
      after: { fourEyesAboveCredit: 50_000 },
    });
    // The ops command itself is in the log too.
    const ops = await call(t.app, 'listAuditEntries', 'GET', '/api/v2/backoffice/audit?pageSize=1', {
      cookie: owner.cookie,
    });
    expect(ops.body.items[0]).toMatchObject({ action: 'ops.command', target: 'audit verify' });
  });

  it('makes a staff account from the terminal with an enrolment link; a STAFF_PASSWORD left set is refused, never logged', async () => {
    const username = `owner${Date.now() % 100000}`;
    const made = await runOps(t.ctx, ['staff', 'add', username, '--role', 'owner']);
    expect(made.exitCode).toBe(0);
    expect(made.output).not.toMatch(/secret/i);
    const path = /(\/backoffice\/enrol\/[A-Za-z0-9_-]+)/.exec(made.output)?.[1];
    expect(path).toBeTruthy();
    const secret = await enrol(t, path!);
    const signedInOwner = await login({
      username,
      password: STAFF_PASSWORD,
      code: currentTotpCode(secret),
    });
    expect(signedInOwner.statusCode).toBe(200);
    const withPassword = await runOps(t.ctx, [
      'staff',
      'add',
      `${username}x`,
      '--role',
      'owner',
      `${STAFF_PASSWORD_ARG}${STAFF_PASSWORD}`,
    ]);
    expect(withPassword.exitCode).toBe(2);
    const logged = await t.ctx.db.query<{ after: unknown }>(
      "SELECT after FROM audit_log WHERE action = 'ops.command'",
    );
    expect(JSON.stringify(logged.rows)).not.toContain(STAFF_PASSWORD);
  });

  it('refuses to change a row, and detects a row changed behind the trigger’s back', async () => {
    const owner = await signedIn('owner');
    await expect(
      t.ctx.db.query("UPDATE audit_log SET actor = 'staff:someone_else' WHERE seq = 1"),
    ).rejects.toThrow(/append-only/);
    await t.ctx.db.tx(async (q) => {
      await q.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
      await q.query('UPDATE audit_log SET after = \'{"fourEyesAboveCredit": 1}\'::jsonb WHERE seq = 2');
      await q.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    });
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ intact: false, brokenAt: 2 });
    const verify = await runOps(t.ctx, ['audit', 'verify']);
    expect(verify).toMatchObject({ exitCode: 1, output: expect.stringContaining('BROKEN at row 2') });
    const page = await call(t.app, 'listAuditEntries', 'GET', '/api/v2/backoffice/audit', {
      cookie: owner.cookie,
    });
    expect(page.body.chain).toMatchObject({ intact: false, brokenAt: 2 });
  });
});
