/**
 * The web tests' fake API answers as the server does (issue 28, item 3): the same requests go to the real
 * server (a fresh database) and to the MSW fake (tests/unit/msw), set up as the same world: one signed-in
 * player without a bank account or credit, the seeded banks, currencies and promotions. Their statuses and
 * error codes must be the same, and both bodies must be what openapi.yaml declares for that status.
 */
import { getResponse } from 'msw';
import { checkResponse } from '../../server/src/contract/validate';
import {
  createTestApp,
  registerAndLogin,
  TEST_PASSWORD,
  TEST_ORIGIN,
  type TestApp,
} from '../../server/test/helpers';
import { createFakeState, testPlayer, type FakeState } from '../unit/msw/fakeState';
import { handlers } from '../unit/msw/handlers';

interface Row {
  /** What the row asks, as a test name. */
  what: string;
  operationId: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  signedIn: boolean;
}

interface Answer {
  status: number;
  body: unknown;
}

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

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
  },
];

let server: TestApp;
let cookie: string;
let username: string;
let fake: FakeState;
let lakMid: string;

/** The row's body with the world's own values put in. */
function bodyOf(row: Row): string | undefined {
  if (row.body === undefined) return undefined;
  return JSON.stringify(row.body).replaceAll('$player', username).replaceAll('$lakMid', lakMid);
}

async function askServer(row: Row): Promise<Answer> {
  const body = bodyOf(row);
  const res = await server.app.inject({
    method: row.method,
    url: `/api${row.path}`,
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
  const body = bodyOf(row);
  const request = new Request(`${TEST_ORIGIN}/api${row.path}`, {
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
  fake = createFakeState({
    agency,
    banks,
    currencies,
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
    expect(verdict(faked)).toEqual(verdict(real));
    expect(checkResponse(row.operationId, real.status, real.body)).toBeNull();
    expect(checkResponse(row.operationId, faked.status, faked.body)).toBeNull();
  },
);
