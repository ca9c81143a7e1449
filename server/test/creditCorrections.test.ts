import { checkInvariants } from '../src/domain/ledger/ledger';
import { toInt } from '../src/db/values';
import { playDay } from '../src/domain/players/playTime';
import { createTestApp, type TestApp } from './helpers';
import { call, fundedPlayer } from './moneyFixtures';
import { signedInStaff } from './staffFixtures';

/**
 * Credit corrections through four eyes (docs/backoffice.md, "Players"): asked for by one member with a
 * reason, applied by another as one CORRECTION transfer, or refused; each step audited.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', TRANSFER_WALLET_PROVIDERS: 'gclub' } });
});
afterAll(async () => {
  await t?.close();
});

async function credit(playerId: string, provider = 'alphabet'): Promise<number> {
  const r = await t.ctx.db.query<{ balance: unknown }>('SELECT balance FROM ledger_accounts WHERE key = $1', [
    `player:${playerId}:${provider}`,
  ]);
  return r.rows[0] ? toInt(r.rows[0].balance) : 0;
}

const ask = (cookie: string, username: string, payload: object) =>
  call(t.app, 'requestStaffCreditCorrection', 'POST', `/api/v2/backoffice/players/${username}/corrections`, {
    cookie,
    payload,
  });
const decide = (cookie: string, id: string, decision: 'approve' | 'refuse') =>
  call(
    t.app,
    decision === 'approve' ? 'approveStaffCreditCorrection' : 'refuseStaffCreditCorrection',
    'POST',
    `/api/v2/backoffice/corrections/${id}/${decision}`,
    { cookie },
  );

async function auditOf(username: string) {
  const r = await t.ctx.db.query<{
    action: string;
    actor: string;
    after: { status?: string; amount?: number };
  }>(
    `SELECT action, actor, after FROM audit_log WHERE target = $1 AND action LIKE 'player.correction.%' ORDER BY seq`,
    [`player:${username}`],
  );
  return r.rows.map((row) => [row.action, row.actor, row.after.status ?? row.after.amount]);
}

test('a correction moves nothing until a second member applies it, once, through the ledger', async () => {
  const noy = await signedInStaff(t, 'operator');
  const boss = await signedInStaff(t, 'owner');
  const p = await fundedPlayer(t.app);
  const before = await credit(p.playerId);
  const asked = await ask(noy.cookie, p.username, {
    provider: 'alphabet',
    amount: 25_000,
    reason: 'Round 7781 paid short by the studio',
  });
  expect(asked.status).toBe(201);
  expect(asked.body).toMatchObject({
    username: p.username,
    provider: 'alphabet',
    amount: 25_000,
    status: 'PENDING',
    requestedBy: `staff:${noy.username}`,
    decidedBy: null,
  });
  expect(await credit(p.playerId)).toBe(before);

  const own = await decide(noy.cookie, asked.body.id, 'approve');
  expect([own.status, own.body.code]).toEqual([409, 'APPROVAL_SAME_STAFF']);
  expect(await credit(p.playerId)).toBe(before);

  const applied = await decide(boss.cookie, asked.body.id, 'approve');
  expect(applied.status).toBe(200);
  expect(applied.body).toMatchObject({ status: 'APPLIED', decidedBy: `staff:${boss.username}` });
  expect(await credit(p.playerId)).toBe(before + 25_000);
  const again = await decide(boss.cookie, asked.body.id, 'approve');
  expect([again.status, again.body.code]).toEqual([409, 'CORRECTION_DECIDED']);
  expect(await credit(p.playerId)).toBe(before + 25_000);

  const transfers = await t.ctx.db.query<{ kind: string; amount: unknown }>(
    'SELECT kind, amount FROM ledger_transfers WHERE reference = $1',
    [`correction:${asked.body.id}`],
  );
  expect(transfers.rows.map((r) => [r.kind, toInt(r.amount)])).toEqual([['CORRECTION', 25_000]]);
  expect(await checkInvariants(t.ctx.db)).toEqual([]);
  expect(await auditOf(p.username)).toEqual([
    ['player.correction.request', `staff:${noy.username}`, 25_000],
    ['player.correction.apply', `staff:${boss.username}`, 'APPLIED'],
  ]);

  // The player's own statement shows what the agency corrected.
  const today = playDay(t.ctx.clock.now());
  const shown = await call(
    t.app,
    'getStatement',
    'GET',
    `/api/v2/players/statement?from=${today}&to=${today}`,
    {
      cookie: p.cookie,
    },
  );
  expect(shown.body.corrections).toBe('250.00');
  // The player's page lists it.
  const page = await call(t.app, 'getStaffPlayer', 'GET', `/api/v2/backoffice/players/${p.username}`, {
    cookie: boss.cookie,
  });
  expect(page.body.corrections).toEqual([applied.body]);
});

test('taking back more credit than is left is refused and stays waiting; a refusal moves nothing', async () => {
  const noy = await signedInStaff(t, 'operator');
  const boss = await signedInStaff(t, 'owner');
  const p = await fundedPlayer(t.app);
  const before = await credit(p.playerId);
  const asked = await ask(noy.cookie, p.username, {
    provider: 'alphabet',
    amount: -(before + 1),
    reason: 'A duplicated bonus, taken back',
  });
  expect(asked.status).toBe(201);
  const tooMuch = await decide(boss.cookie, asked.body.id, 'approve');
  expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'CREDIT_NOT_ENOUGH']);
  expect(await credit(p.playerId)).toBe(before);
  // The member who asked may take it back.
  const refused = await decide(noy.cookie, asked.body.id, 'refuse');
  expect(refused.body).toMatchObject({ status: 'REFUSED', decidedBy: `staff:${noy.username}` });
  expect(await credit(p.playerId)).toBe(before);

  const fits = await ask(noy.cookie, p.username, {
    provider: 'alphabet',
    amount: -before,
    reason: 'All of it',
  });
  expect((await decide(boss.cookie, fits.body.id, 'approve')).body.status).toBe('APPLIED');
  expect(await credit(p.playerId)).toBe(0);
  expect(await checkInvariants(t.ctx.db)).toEqual([]);
});

test('a correction needs a reason and an amount, a known player, and a provider whose credit is the ledger’s', async () => {
  const noy = await signedInStaff(t, 'operator');
  const p = await fundedPlayer(t.app);
  const zero = await ask(noy.cookie, p.username, { provider: 'alphabet', amount: 0, reason: 'nothing' });
  expect([zero.status, zero.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  const blank = await ask(noy.cookie, p.username, { provider: 'alphabet', amount: 100, reason: '    ' });
  expect([blank.status, blank.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  const fraction = await ask(noy.cookie, p.username, { provider: 'alphabet', amount: 1.5, reason: 'half' });
  expect(fraction.status).toBe(400);
  expect(
    (await ask(noy.cookie, 'nobody_here', { provider: 'alphabet', amount: 100, reason: 'why' })).status,
  ).toBe(404);
  const transfer = await ask(noy.cookie, p.username, { provider: 'gclub', amount: 100, reason: 'at GClub' });
  expect([transfer.status, transfer.body.code]).toEqual([404, 'WALLET_NOT_SEAMLESS']);
  expect((await decide(noy.cookie, '424242', 'refuse')).status).toBe(404);
});
