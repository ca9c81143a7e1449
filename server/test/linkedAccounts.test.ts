import type { FastifyInstance } from 'fastify';
import { withdrawalRiskTags } from '../src/domain/money/withdrawalRisk';
import { listQueue, playerForStaff } from '../src/domain/staff/backofficeReads';
import { TEST_PASSWORD, createTestApp, jsonHeaders, type TestApp, uniqueUsername } from './helpers';
import { accountNumber, call, createWithdraw, depositAndPay, holderName } from './moneyFixtures';

/**
 * Linked accounts (docs/backoffice.md, "Linked accounts and risk"): rings of players who share a bank
 * account holder, an account number, a browser, a fingerprint or a public address. Every ring is tagged,
 * and none of their withdrawals is paid automatically; players who share nothing are paid as before, and
 * an address or fingerprint shared by many players (carrier NAT, one phone model) links nobody.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SANDBOX: 'true', AUTO_WITHDRAW_MAX_SATANG: '12000', RISK_LARGE_DEPOSIT_LAK: '150000' },
  });
});
afterAll(async () => {
  await t?.close();
});

type LinkKind = 'BANK_HOLDER' | 'BANK_ACCOUNT' | 'DEVICE' | 'FINGERPRINT' | 'ADDRESS';
const KINDS: LinkKind[] = ['BANK_HOLDER', 'BANK_ACCOUNT', 'DEVICE', 'FINGERPRINT', 'ADDRESS'];

interface Member {
  username: string;
  playerId: string;
  cookie: string;
  device: string;
}

function cookieNamed(setCookie: string | string[] | undefined, name: string): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  return found ? found.split(';')[0]! : '';
}

/** Registers as the site's register page does, from `ip`, with `fingerprint`, carrying `deviceCookie`. */
async function register(
  app: FastifyInstance,
  options: { ip: string; fingerprint: string; deviceCookie?: string },
): Promise<Member> {
  const username = uniqueUsername();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/players/register',
    headers: { ...jsonHeaders(), ...(options.deviceCookie ? { cookie: options.deviceCookie } : {}) },
    remoteAddress: options.ip,
    payload: {
      username,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      fingerprint: options.fingerprint,
    },
  });
  expect(res.statusCode).toBe(201);
  const setCookie = res.headers['set-cookie'];
  const all = Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  const session = all.map((c) => c.split(';')[0]!).find((c) => !c.startsWith('did='))!;
  return { username, playerId: res.json().player.id, cookie: session, device: cookieNamed(setCookie, 'did') };
}

async function addAccountAs(member: Member, input: { bank: string; number: string; name: string }) {
  const res = await call(t.app, 'addBankAccount', 'POST', '/api/v2/players/bank-accounts', {
    cookie: member.cookie,
    payload: { bank: input.bank, accountNumber: input.number, accountName: input.name, currency: 'LAK' },
  });
  expect(res.status).toBe(201);
  // Older than AUTO_WITHDRAW_NEW_ACCOUNT_HOURS: the "new account" rule does not hold the withdrawal.
  await t.ctx.db.query(`UPDATE bank_accounts SET created_at = now() - interval '2 days' WHERE id = $1`, [
    res.body.bankAccount.id,
  ]);
  return res.body.bankAccount.id as string;
}

let ringCounter = 0;
/** A ring of `size` players linked by `kind` alone; each has a bank account of their own otherwise. */
async function ring(kind: LinkKind, size: number): Promise<Member[]> {
  ringCounter += 1;
  const sharedName = holderName();
  const sharedDigits = accountNumber();
  const members: Member[] = [];
  for (let i = 0; i < size; i++) {
    const member = await register(t.app, {
      ip: kind === 'ADDRESS' ? `203.0.113.${ringCounter}` : '127.0.0.1',
      fingerprint: kind === 'FINGERPRINT' ? `ring-${ringCounter}` : `own-${ringCounter}-${i}`,
      // The browser of the ring's first member, used again for the others' registrations.
      ...(kind === 'DEVICE' && members[0] ? { deviceCookie: members[0].device } : {}),
    });
    await addAccountAs(member, {
      // One account number at several banks: the same digits, however the bank is chosen.
      bank: kind === 'BANK_ACCOUNT' ? (['bcel', 'ldb'][i % 2] as string) : 'bcel',
      number: kind === 'BANK_ACCOUNT' && i < 2 ? sharedDigits : accountNumber(),
      name: kind === 'BANK_HOLDER' ? (i % 2 ? sharedName.toLowerCase() : `  ${sharedName} `) : holderName(),
    });
    members.push(member);
  }
  return members;
}

async function withdrawSmall(member: Member) {
  await depositAndPay(t.app, member.cookie, { amount: 100_000 });
  const info = await call(t.app, 'getPlayerInfo', 'GET', '/api/v2/players/info', { cookie: member.cookie });
  const created = await createWithdraw(t.app, member.cookie, {
    provider: 'alphabet',
    bankAccountId: info.body.bankAccounts[0].id,
    credit: 10_000,
  });
  expect(created.status).toBe(201);
  return created.body.order;
}

test('20 rings of 3 to 5 linked accounts: every ring tagged, none of their withdrawals paid automatically', async () => {
  const rings: { kind: LinkKind; members: Member[] }[] = [];
  for (let r = 0; r < 20; r++) {
    const kind = KINDS[r % KINDS.length]!;
    // BANK_ACCOUNT rings: two members share the number (a bank account is one player's at one bank).
    rings.push({ kind, members: await ring(kind, 3 + (r % 3)) });
  }
  for (const { kind, members } of rings) {
    const linkedMembers = kind === 'BANK_ACCOUNT' ? members.slice(0, 2) : members;
    for (const member of linkedMembers) {
      const order = await withdrawSmall(member);
      expect({ kind, payout: order.payout }).toMatchObject({
        kind,
        payout: { automatic: false, review: { reason: 'RISK_REVIEW' } },
      });
      // Staff see the rule and the other members, with what links them.
      const { items } = await listQueue(t.ctx.db, {
        code: order.code,
        sort: 'oldest',
        page: 1,
        pageSize: 20,
      });
      expect(items[0]!.riskFlags).toContain('LINKED_ACCOUNTS');
      const others = linkedMembers.filter((m) => m !== member).map((m) => m.username);
      expect(items[0]!.linkedPlayers.map((l) => l.username).sort()).toEqual([...others].sort());
      expect(items[0]!.linkedPlayers.every((l) => l.kinds.includes(kind))).toBe(true);
    }
    const detail = await playerForStaff(t.ctx.db, linkedMembers[0]!.username, t.ctx.clock.now());
    expect(detail.linkedPlayers).toHaveLength(linkedMembers.length - 1);
  }
}, 240_000);

test('players who share nothing are paid automatically', async () => {
  const alone = await ring('BANK_ACCOUNT', 3);
  // The third member shares no number: nothing links them.
  const order = await withdrawSmall(alone[2]!);
  expect(order.payout).toMatchObject({ automatic: true });
  const { items } = await listQueue(t.ctx.db, { code: order.code, sort: 'oldest', page: 1, pageSize: 20 });
  expect(items[0]!.linkedPlayers).toEqual([]);
  expect(items[0]!.riskFlags).not.toContain('LINKED_ACCOUNTS');
});

test('an address or a fingerprint shared by many players (carrier NAT, one phone model) links nobody', async () => {
  const crowd: Member[] = [];
  for (let i = 0; i < 7; i++) {
    const member = await register(t.app, { ip: '198.51.100.77', fingerprint: 'popular-phone' });
    await addAccountAs(member, { bank: 'bcel', number: accountNumber(), name: holderName() });
    crowd.push(member);
  }
  const order = await withdrawSmall(crowd[0]!);
  expect(order.payout).toMatchObject({ automatic: true });
});

test('a large depositor’s withdrawal goes to staff, tagged so', async () => {
  const big = await register(t.app, { ip: '127.0.0.1', fingerprint: `own-big-${Date.now()}` });
  await addAccountAs(big, { bank: 'bcel', number: accountNumber(), name: holderName() });
  // Two deposits of 100,000 LAK reach this site's RISK_LARGE_DEPOSIT_LAK (150,000); one does not.
  await depositAndPay(t.app, big.cookie, { amount: 100_000 });
  const order = await withdrawSmall(big);
  expect(order.payout).toMatchObject({ automatic: false, review: { reason: 'RISK_REVIEW' } });
  const { items } = await listQueue(t.ctx.db, { code: order.code, sort: 'oldest', page: 1, pageSize: 20 });
  expect(items[0]!.riskFlags).toContain('LARGE_DEPOSITOR');
  expect(items[0]!.riskFlags).not.toContain('LINKED_ACCOUNTS');
});

test('a promotion’s bonus received by two linked players marks both as promotion abusers', async () => {
  const [first, second] = await ring('BANK_HOLDER', 2);
  const unlinked = (await ring('BANK_ACCOUNT', 3))[2]!;
  for (const member of [first!, second!, unlinked]) {
    const claimed = await call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
      cookie: member.cookie,
      payload: { promotionId: 'welcome-100', providerId: 'alphabet' },
    });
    expect(claimed.status).toBe(200);
    await depositAndPay(t.app, member.cookie);
  }
  // Evaluated as a withdrawal evaluates it, in its transaction.
  const tags = (playerId: string) => t.ctx.db.tx((q) => withdrawalRiskTags(q, t.ctx.config, playerId));
  expect(await tags(first!.playerId)).toEqual(['LINKED_ACCOUNTS', 'PROMOTION_ABUSER']);
  expect(await tags(second!.playerId)).toEqual(['LINKED_ACCOUNTS', 'PROMOTION_ABUSER']);
  expect(await tags(unlinked.playerId)).toEqual([]);
});
