import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createTestApp, expectContract, type TestApp } from './helpers';
import { playerInAlphabetGame } from './walletProvider';

// The seamless wallet in Hub88's dialect (docs/games.md): the same operations, Hub88's fields, units
// (1/100,000 of the currency) and RS_* statuses, signed with RSA-SHA256 as Hub88 signs.

const hub88 = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_KEY = hub88.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const GAME = 'alp-slot-001';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      SANDBOX: 'true',
      TRANSFER_WALLET_PROVIDERS: '',
      HUB88_PUBLIC_KEY: PUBLIC_KEY.replace(/\n/g, '\\n'),
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const OPERATIONS = {
  'user/balance': 'getHub88Balance',
  'transaction/bet': 'placeHub88Bet',
  'transaction/win': 'creditHub88Win',
  'transaction/rollback': 'rollbackHub88Transaction',
} as const;

async function send(path: keyof typeof OPERATIONS, body: object, key = hub88.privateKey) {
  const raw = JSON.stringify(body);
  const signature = createSign('RSA-SHA256').update(raw).sign(key, 'base64');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/hub88/alphabet/${path}`,
    headers: { 'content-type': 'application/json', 'x-hub88-signature': signature },
    payload: raw,
  });
  const answer = res.json();
  expectContract(OPERATIONS[path], res.statusCode, answer);
  return { status: res.statusCode, body: answer };
}

/** A player in a game: Hub88's `user` and `token` (the player reference the launch gave). */
async function player() {
  const p = await playerInAlphabetGame(t, GAME);
  return { user: p.playerId, token: p.player };
}

function bet(p: { user: string; token: string }, over: Record<string, unknown> = {}) {
  return {
    user: p.user,
    token: p.token,
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    round_closed: false,
    request_uuid: randomUUID(),
    game_code: GAME,
    currency: 'THB',
    amount: 1_000_000, // 10 THB
    ...over,
  };
}

test('balance, bet, win and a repeat, in Hub88 units and statuses', async () => {
  const p = await player();
  const balance = await send('user/balance', { user: p.user, token: p.token, request_uuid: randomUUID() });
  expect(balance.body).toMatchObject({ status: 'RS_OK', user: p.user, currency: 'THB', balance: 15_384_000 });

  const placed = bet(p);
  expect((await send('transaction/bet', placed)).body).toMatchObject({
    status: 'RS_OK',
    balance: 14_384_000,
  });
  // The same transaction again: the first answer; with another amount: a duplicate.
  expect((await send('transaction/bet', placed)).body).toMatchObject({
    status: 'RS_OK',
    balance: 14_384_000,
  });
  expect((await send('transaction/bet', { ...placed, amount: 2_000_000 })).body.status).toBe(
    'RS_ERROR_DUPLICATE_TRANSACTION',
  );
  const won = await send('transaction/win', {
    ...placed,
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: placed.transaction_uuid,
    round_closed: true,
    amount: 2_500_000,
  });
  expect(won.body).toMatchObject({ status: 'RS_OK', balance: 16_884_000 });
  // The round is closed: no more bets in it.
  expect((await send('transaction/bet', { ...placed, transaction_uuid: randomUUID() })).body.status).toBe(
    'RS_ERROR_UNKNOWN',
  );
});

test('refusals in Hub88 statuses: funds with the balance, token, user, signature, currency, game, units', async () => {
  const p = await player();
  const poor = await send('transaction/bet', bet(p, { amount: 15_385_000 }));
  expect(poor.body).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 15_384_000 });
  expect((await send('transaction/bet', bet(p, { token: 'ab'.repeat(32) }))).body.status).toBe(
    'RS_ERROR_INVALID_TOKEN',
  );
  expect((await send('transaction/bet', bet(p, { user: randomUUID() }))).body.status).toBe(
    'RS_ERROR_INVALID_TOKEN',
  );
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const forged = await send('transaction/bet', bet(p), stranger);
  expect([forged.status, forged.body.status]).toEqual([200, 'RS_ERROR_INVALID_SIGNATURE']);
  expect((await send('transaction/bet', bet(p, { currency: 'EUR' }))).body.status).toBe(
    'RS_ERROR_WRONG_CURRENCY',
  );
  expect((await send('transaction/bet', bet(p, { game_code: 'nope' }))).body.status).toBe(
    'RS_ERROR_INVALID_GAME',
  );
  expect((await send('transaction/bet', bet(p, { amount: 1_000_500 }))).body.status).toBe(
    'RS_ERROR_WRONG_TYPES',
  );
  const balance = await send('user/balance', { user: p.user, token: p.token, request_uuid: randomUUID() });
  expect(balance.body.balance).toBe(15_384_000);
});

test('a rollback before its bet: the bet is then refused as rolled back; a rollback after a bet refunds it', async () => {
  const p = await player();
  const early = bet(p);
  const rolled = await send('transaction/rollback', {
    user: p.user,
    token: p.token,
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: early.transaction_uuid,
    round: early.round,
    request_uuid: randomUUID(),
    game_code: GAME,
  });
  expect(rolled.body).toMatchObject({ status: 'RS_OK', balance: 15_384_000 });
  expect((await send('transaction/bet', early)).body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');

  const later = bet(p);
  await send('transaction/bet', later);
  const refunded = await send('transaction/rollback', {
    user: p.user,
    token: p.token,
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: later.transaction_uuid,
    round: later.round,
    request_uuid: randomUUID(),
    game_code: GAME,
  });
  expect(refunded.body).toMatchObject({ status: 'RS_OK', balance: 15_384_000 });
  const unknownBet = await send('transaction/win', {
    ...bet(p),
    reference_transaction_uuid: randomUUID(),
    round: later.round,
  });
  expect(unknownBet.body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
});
