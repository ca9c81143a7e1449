import { randomUUID } from 'node:crypto';
import { signProviderCall } from '../src/adapters/providerSignature';
import { playTestRound } from '../src/sandbox/provider/wallets';
import { createTestApp, expectContract, registerAndLogin, type TestApp } from './helpers';

/**
 * The sandbox providers' wallet API as the site's provider client (or any caller holding the provider
 * secret) sees it over HTTP: signed calls, one effect per reference, refusals that stay refused, faults.
 */

let t: TestApp;
let playerId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', PROVIDER_TIMEOUT_MS: '300' } });
  playerId = (await registerAndLogin(t.app)).playerId;
});
afterAll(() => t.close());

const BASE = '/api/v2/sandbox/providers';

async function signed(
  operationId: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: object,
  opts: { secret?: string; timestamp?: number } = {},
) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(opts.timestamp ?? Date.now());
  const res = await t.app.inject({
    method,
    url: path,
    headers: {
      'x-provider-timestamp': timestamp,
      'x-provider-signature': signProviderCall(opts.secret ?? t.ctx.config.providerSecret, {
        method,
        path,
        timestamp,
        body: raw,
      }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: raw }),
  });
  const json = res.body ? res.json() : undefined;
  expectContract(operationId, res.statusCode, json);
  return { status: res.statusCode, body: json };
}

const transfer = (body: object, opts?: { secret?: string; timestamp?: number }) =>
  signed('postSandboxProviderTransfer', 'POST', `${BASE}/gclub/transfers`, body, opts);
const wallet = (who = playerId) => signed('getSandboxProviderWallet', 'GET', `${BASE}/gclub/wallets/${who}`);
const faults = (body: object) => signed('setSandboxProviderFaults', 'PUT', `${BASE}/gclub/faults`, body);
const NONE = { down: false, latencyMs: 0, errorPercent: 0, timeoutPercent: 0, duplicatePercent: 0 };

describe('sandbox provider wallet API', () => {
  it('refuses a call signed with another secret, or too old, with 401 INVALID_SIGNATURE', async () => {
    const body = { reference: `t-${randomUUID()}`, playerId, direction: 'IN', amount: 100 };
    const forged = await transfer(body, { secret: 'not-the-provider-secret' });
    expect(forged).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    const stale = await transfer(body, { timestamp: Date.now() - 6 * 60 * 1000 });
    expect(stale).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    expect((await wallet()).body.transfersIn).toBe(0);
  });

  it('applies a reference once: a replay answers the first result and moves nothing', async () => {
    const p = (await registerAndLogin(t.app)).playerId;
    const body = { reference: `t-${randomUUID()}`, playerId: p, direction: 'IN', amount: 5_000 };
    const first = await transfer(body);
    expect(first).toMatchObject({ status: 200, body: { status: 'APPLIED', balance: 5_000 } });
    expect(await transfer(body)).toEqual(first);
    expect((await wallet(p)).body).toEqual({
      balance: 5_000,
      transfersIn: 5_000,
      transfersOut: 0,
      roundResults: 0,
      betsTotal: 0,
      openRound: false,
    });
    const status = await signed(
      'getSandboxProviderTransfer',
      'GET',
      `${BASE}/gclub/transfers/${encodeURIComponent(body.reference)}`,
    );
    expect(status.body).toEqual(first.body);
    const unknown = await signed('getSandboxProviderTransfer', 'GET', `${BASE}/gclub/transfers/nothing-here`);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('refuses an OUT beyond the wallet or during an open round, and the refusal stays', async () => {
    const p = (await registerAndLogin(t.app)).playerId;
    await transfer({ reference: `t-${randomUUID()}`, playerId: p, direction: 'IN', amount: 1_000 });
    const out = { reference: `t-${randomUUID()}`, playerId: p, direction: 'OUT', amount: 2_000 };
    expect((await transfer(out)).body).toMatchObject({ status: 'REFUSED', reason: 'NOT_ENOUGH_CREDIT' });
    await transfer({ reference: `t-${randomUUID()}`, playerId: p, direction: 'IN', amount: 5_000 });
    // Enough credit now, but that reference was refused: it answers the same.
    expect((await transfer(out)).body).toMatchObject({ status: 'REFUSED', balance: 1_000 });

    expect(await playTestRound(t.ctx.db, { provider: 'gclub', playerId: p, bet: 500, open: true })).toBe(
      true,
    );
    const during = { reference: `t-${randomUUID()}`, playerId: p, direction: 'OUT', amount: 100 };
    expect((await transfer(during)).body).toMatchObject({ status: 'REFUSED', reason: 'ROUND_OPEN' });
    expect((await wallet(p)).body).toEqual({
      balance: 5_500,
      transfersIn: 6_000,
      transfersOut: 0,
      roundResults: -500,
      betsTotal: 500,
      openRound: true,
    });
  });

  it('answers 503 while down or erroring, without acting; the faults switch itself always answers', async () => {
    const p = (await registerAndLogin(t.app)).playerId;
    expect((await faults({ ...NONE, down: true })).body).toMatchObject({ down: true });
    const body = { reference: `t-${randomUUID()}`, playerId: p, direction: 'IN', amount: 700 };
    expect(await transfer(body)).toMatchObject({ status: 503, body: { code: 'PROVIDER_UNAVAILABLE' } });
    await faults({ ...NONE, errorPercent: 100 });
    expect((await transfer(body)).status).toBe(503);
    await faults({ ...NONE, duplicatePercent: 100 });
    expect((await transfer(body)).body).toMatchObject({ status: 'APPLIED', balance: 700 });
    await faults(NONE);
    expect((await wallet(p)).body).toMatchObject({ balance: 700, transfersIn: 700 });
  });

  it('a lost answer: the transfer is applied, the caller hears nothing within its timeout', async () => {
    const p = (await registerAndLogin(t.app)).playerId;
    await faults({ ...NONE, timeoutPercent: 100 });
    const client = t.ctx.adapters.providers.gclub;
    const reference = `t-${randomUUID()}`;
    await expect(client.transfer({ reference, playerId: p, direction: 'IN', amount: 900 })).rejects.toThrow(
      /no answer/,
    );
    await faults(NONE);
    expect(await client.transferStatus(reference)).toMatchObject({ status: 'APPLIED', amount: 900 });
    expect((await client.wallet(p)).balance).toBe(900);
  });

  it('is off outside sandbox mode (404 SANDBOX_DISABLED)', async () => {
    const live = await createTestApp({ env: { SANDBOX: 'false', PROVIDER_SECRET: 'x'.repeat(64) } });
    try {
      const path = `${BASE}/gclub/wallets/${playerId}`;
      const timestamp = String(Date.now());
      const res = await live.app.inject({
        method: 'GET',
        url: path,
        headers: {
          'x-provider-timestamp': timestamp,
          'x-provider-signature': signProviderCall('x'.repeat(64), {
            method: 'GET',
            path,
            timestamp,
            body: '',
          }),
        },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('SANDBOX_DISABLED');
    } finally {
      await live.close();
    }
  });
});
