/**
 * The web tests' fake API answers as the server does (issue 28, item 3): the same requests go to the real
 * server (a fresh database) and to the MSW fake (tests/unit/msw), set up as the same world: one signed-in
 * player without a bank account or credit, the seeded banks, currencies and promotions. Their statuses and
 * error codes must be the same, and both bodies must be what openapi.yaml declares for that status.
 */
import { getResponse } from 'msw';
import { contractSource, HTTP_METHODS } from '../../server/src/contract/load';
import { checkResponse } from '../../server/src/contract/validate';
import { MONEY_OPERATION_IDS } from '../../server/src/domain/operations/moneyOperations';
import {
  createTestApp,
  registerAndLogin,
  TEST_PASSWORD,
  TEST_ORIGIN,
  type TestApp,
} from '../../server/test/helpers';
import { addAccount } from '../../server/test/moneyFixtures';
import type { Promotion } from '@/api';
import { createFakeState, testPlayer, type FakeState } from '../unit/msw/fakeState';
import { handlers } from '../unit/msw/handlers';

interface Row {
  /** What the row asks, as a test name. */
  what: string;
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  signedIn: boolean;
  /**
   * What a success hands to the rows after it, read from each world's own answer (its order code, its bank
   * account's id): written `$name` in a later row's path or body.
   */
  keep?: Record<string, (body: never) => string>;
}

interface Answer {
  status: number;
  body: unknown;
}

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

/** A deposit of 100.000 LAK opened, its code kept for the rows after it. */
const OPEN_DEPOSIT = {
  operationId: 'createDeposit',
  method: 'POST',
  path: '/v2/deposits',
  body: { provider: 'alphabet', mid: '$lakMid', bank: 'bcel', amount: 100_000 },
  signedIn: true,
  keep: { depositCode: (body: { order: { code: string } }) => body.order.code },
} as const satisfies Omit<Row, 'what'>;

const ROWS: Row[] = [
  {
    what: 'a visitor asks who is signed in',
    operationId: 'getPlayerInfo',
    method: 'GET',
    path: '/v2/players/info',
    signedIn: false,
  },
  {
    what: 'a wrong password',
    operationId: 'loginPlayer',
    method: 'POST',
    path: '/v2/players/login',
    body: { username: '$player', password: 'not the password' },
    signedIn: false,
  },
  {
    what: 'registering a name already taken',
    operationId: 'registerPlayer',
    method: 'POST',
    path: '/v2/players/register',
    body: { username: '$player', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, fingerprint: 'fp' },
    signedIn: false,
  },
  {
    what: 'registering with passwords that differ',
    operationId: 'registerPlayer',
    method: 'POST',
    path: '/v2/players/register',
    body: {
      username: 'newcomer_1',
      password: TEST_PASSWORD,
      confirmPassword: 'something else',
      fingerprint: 'fp',
    },
    signedIn: false,
  },
  {
    what: 'the games, to a visitor',
    operationId: 'listGames',
    method: 'GET',
    path: '/v2/games',
    signedIn: false,
  },
  {
    what: 'the agency',
    operationId: 'getAgencyInfo',
    method: 'GET',
    path: '/v2/agency/info',
    signedIn: false,
  },
  {
    what: 'the credits',
    operationId: 'getPlayerCredits',
    method: 'GET',
    path: '/v2/players/credits',
    signedIn: true,
  },
  {
    what: 'the wallet settings',
    operationId: 'getWalletSettings',
    method: 'GET',
    path: '/v2/players/wallet-settings',
    signedIn: true,
  },
  {
    what: 'the open deposits',
    operationId: 'listOpenDeposits',
    method: 'GET',
    path: '/v2/deposits/open',
    signedIn: true,
  },
  {
    what: 'the bank accounts',
    operationId: 'listBankAccounts',
    method: 'GET',
    path: '/v2/players/bank-accounts',
    signedIn: true,
  },
  {
    what: 'a withdrawal without a bank account',
    operationId: 'createWithdraw',
    method: 'POST',
    path: '/v2/withdraws',
    body: { provider: 'alphabet', bankAccountId: UNKNOWN_UUID, credit: 10_000 },
    signedIn: true,
  },
  {
    what: 'a deposit below the minimum',
    operationId: 'createDeposit',
    method: 'POST',
    path: '/v2/deposits',
    body: { provider: 'alphabet', mid: '$lakMid', bank: 'bcel', amount: 1 },
    signedIn: true,
  },
  {
    what: 'a deposit in a currency that is not offered',
    operationId: 'createDeposit',
    method: 'POST',
    path: '/v2/deposits',
    body: { provider: 'alphabet', mid: 'no-such-mid', bank: 'bcel', amount: 100_000 },
    signedIn: true,
  },
  {
    what: 'moving credit to the same provider',
    operationId: 'moveCredit',
    method: 'POST',
    path: '/v2/players/credits/move',
    body: { from: 'gclub', to: 'gclub', credit: 100 },
    signedIn: true,
  },
  {
    what: 'moving more credit than there is',
    operationId: 'moveCredit',
    method: 'POST',
    path: '/v2/players/credits/move',
    body: { from: 'gclub', to: 'alphabet', credit: 100 },
    signedIn: true,
  },
  {
    what: 'launching a game that does not exist',
    operationId: 'launchGame',
    method: 'POST',
    path: '/v2/games/launch',
    body: { provider: 'alphabet', gameId: 'no-such-game' },
    signedIn: true,
  },
  {
    what: 'launching a game without credit',
    operationId: 'launchGame',
    method: 'POST',
    path: '/v2/games/launch',
    body: { provider: 'askmebet', gameId: 'amb-slot-001' },
    signedIn: true,
  },
  {
    what: 'checking a deposit that does not exist',
    operationId: 'checkDeposit',
    method: 'POST',
    path: '/v2/deposits/D0000000000ZZZZ/check',
    signedIn: true,
  },
  {
    what: 'a bank account in dollars',
    operationId: 'addBankAccount',
    method: 'POST',
    path: '/v2/players/bank-accounts',
    body: { bank: 'bcel', accountNumber: '0101234567890', accountName: 'SOMCHAI', currency: 'USD' },
    signedIn: true,
  },
  {
    what: 'a bank account number of the wrong length',
    operationId: 'addBankAccount',
    method: 'POST',
    path: '/v2/players/bank-accounts',
    body: { bank: 'bcel', accountNumber: '12', accountName: 'SOMCHAI', currency: 'LAK' },
    signedIn: true,
  },
  {
    what: 'confirming a limit change nobody asked for',
    operationId: 'confirmLimit',
    method: 'POST',
    path: '/v2/players/protection/limits/confirm',
    body: { kind: 'DEPOSIT', period: 'DAY' },
    signedIn: true,
  },
  {
    what: 'what a promotion lets the player withdraw, without one',
    operationId: 'getWithdrawPromotionInfo',
    method: 'GET',
    path: '/v2/withdraws/promotion-info?provider=alphabet',
    signedIn: true,
  },
  {
    what: 'the loss cashback of a player who has not played',
    operationId: 'getCashback',
    method: 'GET',
    path: '/v2/rewards/cashback',
    signedIn: true,
  },
  {
    what: 'claiming a cashback that does not exist',
    operationId: 'claimCashback',
    method: 'POST',
    path: `/v2/rewards/cashback/${UNKNOWN_UUID}/claim`,
    signedIn: true,
  },
  {
    what: 'the daily check-in of a player who has not played',
    operationId: 'getCheckIn',
    method: 'GET',
    path: '/v2/rewards/check-in',
    signedIn: true,
  },
  {
    what: 'checking in a day without deposits or stakes',
    operationId: 'claimCheckIn',
    method: 'POST',
    path: '/v2/rewards/check-in',
    signedIn: true,
  },
  {
    what: 'refer a friend, before any friend',
    operationId: 'getReferral',
    method: 'GET',
    path: '/v2/rewards/referral',
    signedIn: true,
  },
  {
    what: 'claiming a commission before any',
    operationId: 'claimReferral',
    method: 'POST',
    path: '/v2/rewards/referral/claim',
    body: { provider: 'gclub' },
    signedIn: true,
  },
  {
    what: 'a visitor asks for the cashback',
    operationId: 'getCashback',
    method: 'GET',
    path: '/v2/rewards/cashback',
    signedIn: false,
  },
  {
    what: 'the protection settings',
    operationId: 'getProtection',
    method: 'GET',
    path: '/v2/players/protection',
    signedIn: true,
  }, // Reads of the world as it stands: a player without a bank account, credit or promotion.
  { what: 'the banks', operationId: 'listBanks', method: 'GET', path: '/v2/banks', signedIn: false },
  {
    what: 'the currencies',
    operationId: 'listCurrencies',
    method: 'GET',
    path: '/v2/currencies',
    signedIn: true,
  },
  {
    what: "the player's profile",
    operationId: 'getPlayerProfile',
    method: 'GET',
    path: '/v2/players/profile',
    signedIn: true,
  },
  {
    what: 'the session, to a visitor',
    operationId: 'getPlayerSession',
    method: 'GET',
    path: '/v2/players/session',
    signedIn: false,
  },
  {
    what: "the session's play so far",
    operationId: 'getSessionSummary',
    method: 'GET',
    path: '/v2/players/protection/session',
    signedIn: true,
  },
  {
    what: 'the statement of a player who has done nothing',
    operationId: 'getStatement',
    method: 'GET',
    path: '/v2/players/statement?from=2026-11-01&to=2026-11-30',
    signedIn: true,
  },
  {
    what: 'the bet history of a player who has not played',
    operationId: 'listPlayerBets',
    method: 'GET',
    path: '/v2/players/bets?page=1&pageSize=10',
    signedIn: true,
  },
  {
    what: "one provider's credit",
    operationId: 'getPlayerCredit',
    method: 'GET',
    path: '/v2/players/credits/gclub',
    signedIn: true,
  },
  {
    what: "the player's own games",
    operationId: 'getPlayerGames',
    method: 'GET',
    path: '/v2/games/mine',
    signedIn: true,
  },
  {
    what: 'a game that does not exist made a favourite',
    operationId: 'addFavouriteGame',
    method: 'PUT',
    path: '/v2/games/favourites/no-such-game',
    signedIn: true,
  },
  {
    what: 'a game that does not exist taken off the favourites',
    operationId: 'removeFavouriteGame',
    method: 'DELETE',
    path: '/v2/games/favourites/no-such-game',
    signedIn: true,
  },
  {
    what: 'the deposit history',
    operationId: 'listDeposits',
    method: 'GET',
    path: '/v2/deposits',
    signedIn: true,
  },
  {
    what: 'the withdrawal history',
    operationId: 'listWithdraws',
    method: 'GET',
    path: '/v2/withdraws',
    signedIn: true,
  },
  {
    what: 'the open withdrawals',
    operationId: 'listOpenWithdraws',
    method: 'GET',
    path: '/v2/withdraws/open',
    signedIn: true,
  },
  {
    what: 'the promotions, without a bank account',
    operationId: 'listPromotions',
    method: 'GET',
    path: '/v2/promotions',
    signedIn: true,
  },
  {
    what: 'the promotion banners',
    operationId: 'listPromotionBanners',
    method: 'GET',
    path: '/v2/promotions/banners',
    signedIn: false,
  },
  {
    what: 'a promotion that does not exist',
    operationId: 'getPromotion',
    method: 'GET',
    path: '/v2/promotions/no-such-promotion',
    signedIn: true,
  },
  {
    what: 'the promotions used',
    operationId: 'listPromotionUsages',
    method: 'GET',
    path: '/v2/promotions/usages',
    signedIn: true,
  },
  {
    what: 'the promotion in use, without one',
    operationId: 'getCurrentPromotion',
    method: 'GET',
    path: '/v2/players/promotions/using',
    signedIn: true,
  },
  {
    what: 'whether promotions are blocked',
    operationId: 'getPromotionBlocking',
    method: 'GET',
    path: '/v2/players/backlist',
    signedIn: true,
  },
  {
    what: 'claiming a promotion without a bank account',
    operationId: 'claimPromotion',
    method: 'POST',
    path: '/v2/promotions/use',
    body: { promotionId: 'no-such-promotion', providerId: 'alphabet' },
    signedIn: true,
  },
  {
    what: 'rechecking a promotion usage without one',
    operationId: 'recheckPromotionUsage',
    method: 'POST',
    path: '/v2/promotions/usages/recheck',
    signedIn: true,
  },
  {
    what: 'cancelling a promotion usage without one',
    operationId: 'cancelPromotionUsage',
    method: 'POST',
    path: '/v2/promotions/usages/cancel',
    body: { usageId: UNKNOWN_UUID },
    signedIn: true,
  },
  {
    what: 'a username already taken, checked',
    operationId: 'validateUsername',
    method: 'POST',
    path: '/v2/players/username/validate',
    body: { username: '$player' },
    signedIn: false,
  },
  {
    what: 'a fingerprint recorded',
    operationId: 'saveFingerprint',
    method: 'POST',
    path: '/v2/fingerprint',
    body: { fingerprint: { fingerprint: 'fp-contract-test' } },
    signedIn: false,
  },
  {
    what: 'changing the password with a wrong current one',
    operationId: 'changePassword',
    method: 'POST',
    path: '/v2/players/security/password/change',
    body: {
      currentPassword: 'not the password',
      newPassword: 'another-pass-1',
      confirmNewPassword: 'another-pass-1',
    },
    signedIn: true,
  },
  // Settings saved.
  {
    what: 'a daily deposit limit set',
    operationId: 'setLimit',
    method: 'PUT',
    path: '/v2/players/protection/limits',
    body: { kind: 'DEPOSIT', period: 'DAY', amount: 5_000_000 },
    signedIn: true,
  },
  {
    what: 'a reality check every 30 minutes',
    operationId: 'setRealityCheck',
    method: 'PUT',
    path: '/v2/players/protection/reality-check',
    body: { minutes: 30 },
    signedIn: true,
  },
  {
    what: 'credit brought along on every launch',
    operationId: 'setWalletSettings',
    method: 'PUT',
    path: '/v2/players/wallet-settings',
    body: { bringCreditAlong: true },
    signedIn: true,
  },
  // Money that moves: a bank account, a deposit paid at the sandbox bank, a move, a withdrawal.
  {
    what: 'a bank account saved',
    operationId: 'addBankAccount',
    method: 'POST',
    path: '/v2/players/bank-accounts',
    body: { bank: 'bcel', accountNumber: '0101234567890', accountName: 'SOMCHAI', currency: 'LAK' },
    signedIn: true,
    keep: { bankAccountId: (body: { bankAccount: { id: string } }) => body.bankAccount.id },
  },
  {
    what: 'a promotion claimed',
    operationId: 'claimPromotion',
    method: 'POST',
    path: '/v2/promotions/use',
    body: { promotionId: '$promotionId', providerId: 'alphabet' },
    signedIn: true,
    keep: { usageId: (body: { usage: { usageId: string } }) => body.usage.usageId },
  },
  {
    what: 'the promotion given up before its deposit',
    operationId: 'cancelPromotionUsage',
    method: 'POST',
    path: '/v2/promotions/usages/cancel',
    body: { usageId: '$usageId' },
    signedIn: true,
  },
  { what: 'a deposit opened', ...OPEN_DEPOSIT },
  {
    what: "the open deposit's QR",
    operationId: 'getDepositQr',
    method: 'GET',
    path: '/v2/deposits/$depositCode/qr',
    signedIn: true,
    keep: { qrText: (body: { qrText: string }) => body.qrText },
  },
  {
    what: 'checking the deposit before it is paid',
    operationId: 'checkDeposit',
    method: 'POST',
    path: '/v2/deposits/$depositCode/check',
    signedIn: true,
  },
  {
    what: 'the QR paid at the sandbox bank',
    operationId: 'paySandboxQr',
    method: 'POST',
    path: '/v2/sandbox/bank/pay',
    body: { qrText: '$qrText' },
    signedIn: false,
  },
  {
    what: 'checking the deposit once paid',
    operationId: 'checkDeposit',
    method: 'POST',
    path: '/v2/deposits/$depositCode/check',
    signedIn: true,
  },
  {
    what: 'credit moved to another provider',
    operationId: 'moveCredit',
    method: 'POST',
    path: '/v2/players/credits/move',
    body: { from: 'alphabet', to: 'gclub', credit: 1_000 },
    signedIn: true,
  },
  {
    what: 'a withdrawal asked for',
    operationId: 'createWithdraw',
    method: 'POST',
    path: '/v2/withdraws',
    body: { provider: 'alphabet', bankAccountId: '$bankAccountId', credit: 10_000 },
    signedIn: true,
  },
  { what: 'a second deposit opened', ...OPEN_DEPOSIT },
  {
    what: 'the second deposit cancelled',
    operationId: 'cancelDeposit',
    method: 'POST',
    path: '/v2/deposits/$depositCode/cancel',
    signedIn: true,
  },
  // Last, as they end what the rows above use: a break, then the session.
  {
    what: 'a time-out of a day',
    operationId: 'takeTimeOut',
    method: 'POST',
    path: '/v2/players/protection/time-out',
    body: { days: 1 },
    signedIn: true,
  },
  {
    what: 'a self-exclusion of six months',
    operationId: 'selfExclude',
    method: 'POST',
    path: '/v2/players/protection/self-exclusion',
    body: { months: 6 },
    signedIn: true,
  },
  {
    what: 'signing out without a session',
    operationId: 'logoutPlayer',
    method: 'POST',
    path: '/v2/players/logout',
    signedIn: false,
  },
];

let server: TestApp;
let cookie: string;
let username: string;
let fake: FakeState;
let lakMid: string;
/** A promotion the player may claim, the same in both worlds. */
let promotionId: string;

type World = 'server' | 'fake';
/** The operations both answered with a success, in the rows run so far. */
const succeeded = new Set<string>();
/** What earlier successes handed on, per world (Row.keep). */
const kept: Record<World, Record<string, string>> = { server: {}, fake: {} };

/** `text` with the world's own values put in. */
function filled(text: string, world: World): string {
  let out = text
    .replaceAll('$player', username)
    .replaceAll('$lakMid', lakMid)
    .replaceAll('$promotionId', promotionId);
  for (const [name, value] of Object.entries(kept[world])) out = out.replaceAll(`$${name}`, value);
  return out;
}

/** The row's body with the world's own values put in. */
function bodyOf(row: Row, world: World): string | undefined {
  if (row.body === undefined) return undefined;
  return filled(JSON.stringify(row.body), world);
}

/** Hands on what a success of the row answered in this world. */
function keep(row: Row, world: World, answer: Answer): void {
  if (!row.keep || answer.status >= 400) return;
  for (const [name, read] of Object.entries(row.keep)) kept[world][name] = read(answer.body as never);
}

async function askServer(row: Row): Promise<Answer> {
  const body = bodyOf(row, 'server');
  const res = await server.app.inject({
    method: row.method,
    url: `/api${filled(row.path, 'server')}`,
    headers: {
      origin: TEST_ORIGIN,
      'idempotency-key': crypto.randomUUID(),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(row.signedIn ? { cookie } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

async function askFake(row: Row): Promise<Answer> {
  fake.player = row.signedIn ? { ...testPlayer, username } : null;
  const body = bodyOf(row, 'fake');
  const request = new Request(`${TEST_ORIGIN}/api${filled(row.path, 'fake')}`, {
    method: row.method,
    headers: {
      'idempotency-key': crypto.randomUUID(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body } : {}),
  });
  const res = await getResponse(handlers(fake), request);
  if (!res) throw new Error(`the fake has no handler for ${row.method} ${row.path}`);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** What must agree: the status, and for a refusal its code. */
const verdict = ({ status, body }: Answer) => ({
  status,
  code: status >= 400 ? (body as { code?: string } | undefined)?.code : undefined,
});

beforeAll(async () => {
  // The sandbox providers answer the wallet reads, on either database (off by default with DATABASE_URL).
  server = await createTestApp({ env: { SANDBOX: 'true' } });
  ({ cookie, username } = await registerAndLogin(server.app));
  const read = async (url: string) =>
    (
      await server.app.inject({ method: 'GET', url: `/api${url}`, headers: { origin: TEST_ORIGIN, cookie } })
    ).json();
  const { agency } = await read('/v2/agency/info');
  const { banks } = await read('/v2/banks');
  const { currencies } = await read('/v2/currencies');
  lakMid = (currencies as Array<{ mid: string; currency: string }>).find((c) => c.currency === 'LAK')!.mid;
  // The promotions as a player with a bank account sees them (another player: this one has none yet).
  const other = await registerAndLogin(server.app);
  await addAccount(server.app, other.cookie);
  const { promotions } = (
    await server.app.inject({
      method: 'GET',
      url: '/api/v2/promotions',
      headers: { origin: TEST_ORIGIN, cookie: other.cookie },
    })
  ).json() as { promotions: Promotion[] };
  promotionId = promotions.find((p) => p.status === 'ACTIVE')!.id;
  fake = createFakeState({
    agency,
    banks,
    currencies,
    promotions,
    credits: { alphabet: '0.00', askmebet: '0.00', gclub: '0.00', gclub_live: '0.00' },
    accounts: [{ username, password: TEST_PASSWORD, player: { ...testPlayer, username } }],
  });
});

afterAll(() => server.close());

test.each(ROWS.map((row) => [row.what, row] as const))(
  '%s: the fake answers as the server does',
  async (_what, row) => {
    const real = await askServer(row);
    const faked = await askFake(row);
    keep(row, 'server', real);
    keep(row, 'fake', faked);
    if (real.status < 400 && faked.status < 400) succeeded.add(row.operationId);
    expect(verdict(faked)).toEqual(verdict(real));
    expect(checkResponse(row.operationId, real.status, real.body)).toBeNull();
    expect(checkResponse(row.operationId, faked.status, faked.body)).toBeNull();
  },
);

/** The operation each of the fake's handlers answers, found in openapi.yaml by its method and path. */
function operationsTheFakeServes(): string[] {
  const { parsed } = contractSource();
  const shape = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}');
  const byRoute = new Map<string, string>();
  for (const [path, item] of Object.entries(parsed.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, { operationId?: string } | undefined>)[method];
      if (operation?.operationId)
        byRoute.set(`${method.toUpperCase()} ${shape(path)}`, operation.operationId);
    }
  }
  return handlers(createFakeState()).map((handler) => {
    const { method, path } = handler.info as { method: string; path: string };
    const route = `${method} ${shape(String(path).replace(/^\*?\/api/, ''))}`;
    const operationId = byRoute.get(route);
    if (!operationId) throw new Error(`the fake answers ${route}, which openapi.yaml does not declare`);
    return operationId;
  });
}

/**
 * The rewards' claims are asked only as refusals: a success needs days of deposits and play that the
 * fake's world does not model (the web tests set their overviews directly).
 */
const REFUSALS_ONLY = ['claimCashback', 'claimCheckIn', 'claimReferral'];

test('every operation the fake serves is asked of both, and each one that moves money succeeds in both', () => {
  const served = operationsTheFakeServes();
  const asked = new Set(ROWS.map((row) => row.operationId));
  expect(served.filter((operationId) => !asked.has(operationId)).sort()).toEqual([]);
  const money = served.filter((operationId) => MONEY_OPERATION_IDS.includes(operationId as never));
  expect(money.filter((operationId) => !succeeded.has(operationId)).sort()).toEqual(REFUSALS_ONLY);
});
