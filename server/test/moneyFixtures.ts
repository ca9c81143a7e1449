import { signPayload } from '../src/adapters/paymentSignature';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expectContract, jsonHeaders, registerAndLogin } from './helpers';

/** Shared steps of the money tests: every response is checked against openapi.yaml. */

export function idemKey(): string {
  return randomUUID();
}

let accountCounter = 0;
/** A BCEL account number (13 digits, not a wallet prefix) unique to this run. */
export function accountNumber(): string {
  accountCounter += 1;
  return `01${String(Date.now() % 1e7).padStart(7, '0')}${String(accountCounter).padStart(2, '0')}${randomBytes(1)[0]! % 100}`
    .padEnd(13, '7')
    .slice(0, 13);
}

/**
 * A bank account holder's name unique to this run: players sharing a holder name are linked accounts, and
 * their withdrawals wait for staff (withdrawalRisk.ts).
 */
export function holderName(): string {
  const letters = Array.from(randomBytes(8), (b) => String.fromCharCode(65 + (b % 26))).join('');
  return `SOMCHAI ${letters}`;
}

export async function call(
  app: FastifyInstance,
  operationId: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { cookie?: string; payload?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: { ...jsonHeaders(opts.cookie), ...opts.headers },
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });
  const body = res.body ? res.json() : undefined;
  expectContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

export async function addAccount(app: FastifyInstance, cookie: string, over: Record<string, unknown> = {}) {
  const res = await call(app, 'addBankAccount', 'POST', '/api/v2/players/bank-accounts', {
    cookie,
    payload: {
      bank: 'bcel',
      accountNumber: accountNumber(),
      accountName: holderName(),
      currency: 'LAK',
      ...over,
    },
  });
  if (res.status !== 201) throw new Error(`addBankAccount ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.bankAccount as { id: string; accountNumber: string };
}

export async function createDeposit(
  app: FastifyInstance,
  cookie: string,
  over: Record<string, unknown> = {},
  key = idemKey(),
) {
  return call(app, 'createDeposit', 'POST', '/api/v2/deposits', {
    cookie,
    headers: { 'idempotency-key': key },
    payload: { provider: 'alphabet', mid: 'MID-LAOQR-01', bank: 'bcel', amount: 100_000, ...over },
  });
}

/** Opens a deposit and pays it through the sandbox bank; returns the order code. */
export async function depositAndPay(
  app: FastifyInstance,
  cookie: string,
  over: Record<string, unknown> = {},
): Promise<string> {
  const created = await createDeposit(app, cookie, over);
  if (created.status !== 201)
    throw new Error(`createDeposit ${created.status} ${JSON.stringify(created.body)}`);
  const paid = await call(app, 'paySandboxQr', 'POST', '/api/v2/sandbox/bank/pay', {
    payload: { qrText: created.body.qr.qrText },
  });
  if (paid.status !== 200) throw new Error(`paySandboxQr ${paid.status} ${JSON.stringify(paid.body)}`);
  return created.body.order.code as string;
}

export async function credit(app: FastifyInstance, cookie: string, provider = 'alphabet'): Promise<string> {
  const res = await call(app, 'getPlayerCredit', 'GET', `/api/v2/players/credits/${provider}`, { cookie });
  return res.body.credit.amount as string;
}

export async function createWithdraw(
  app: FastifyInstance,
  cookie: string,
  payload: Record<string, unknown>,
  key = idemKey(),
) {
  return call(app, 'createWithdraw', 'POST', '/api/v2/withdraws', {
    cookie,
    headers: { 'idempotency-key': key },
    payload,
  });
}

/** A new player with a bank account and 153.84 THB of credit at alphabet (one paid deposit). */
export async function fundedPlayer(app: FastifyInstance) {
  const p = await registerAndLogin(app);
  const account = await addAccount(app, p.cookie);
  await depositAndPay(app, p.cookie);
  return { ...p, account };
}

/** The bank's callback for a payment of a deposit order, signed with `secret`, as the gateway posts it. */
export async function postPaymentCallback(
  app: FastifyInstance,
  secret: string,
  payment: { billNumber: string; reference: string; amount: number; status?: string },
) {
  const raw = JSON.stringify({
    currency: 'LAK',
    status: 'SUCCESS',
    paidAt: new Date().toISOString(),
    ...payment,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/payments/callback',
    headers: { 'content-type': 'application/json', 'x-signature': signPayload(secret, raw) },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() };
}
