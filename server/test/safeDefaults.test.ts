import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { checkSecrets, loadConfig, SANDBOX_GATEWAY_SECRET, SANDBOX_PROVIDER_SECRET } from '../src/config';
import { signPayload } from '../src/adapters/paymentSignature';
import { loadContract } from '../src/contract/load';
import { createTestApp, jsonHeaders, registerAndLogin, type TestApp } from './helpers';
import { addAccount, createDeposit, depositAndPay, postPaymentCallback } from './moneyFixtures';
import { signProviderCall } from '../src/adapters/providerSignature';
import { runOps } from '../src/ops/commands';
import { withSandboxSecrets } from '../src/sandboxSecrets';
import { applyTransfer } from '../src/sandbox/provider/wallets';
import { bundledScript, removeBundles } from './nodeBundles';
import { TEST_WASM_FLAGS } from './wasmFlags';

afterAll(() => removeBundles());

const CATALOGUED = (loadContract().components as { schemas: { ErrorCode: { enum: string[] } } }).schemas
  .ErrorCode.enum;

/** Every error answer has the contract's shape: a catalogued code and a message, nothing of Fastify's own. */
function expectErrorSchema(body: unknown): void {
  const error = body as Record<string, unknown>;
  expect(CATALOGUED).toContain(error.code);
  expect(typeof error.message).toBe('string');
  expect(Object.keys(error).filter((k) => !['code', 'message', 'details'].includes(k))).toEqual([]);
}

describe('secrets outside sandbox mode', () => {
  it('asks a wallet secret of each seamless provider, and none of a transfer provider', () => {
    const set = {
      GATEWAY_SECRET: '1a2b3c4d5e6f7089'.repeat(4),
      PROVIDER_SECRET: '9b1d7e3c5a0f2e84'.repeat(4),
      AUDIT_SECRET: '4c2a9e7f1b3d5086'.repeat(4),
      WALLET_SECRET_ALPHABET: '0f1e2d3c4b5a6978'.repeat(4),
    };
    const transfer = ['askmebet', 'gclub'] as ('askmebet' | 'gclub')[];
    expect(checkSecrets({ sandbox: false, transferWalletProviders: transfer }, set)).toEqual([
      expect.stringContaining('WALLET_SECRET_GCLUB_LIVE is not set'),
    ]);
    expect(
      checkSecrets(
        { sandbox: false, transferWalletProviders: transfer },
        { ...set, WALLET_SECRET_GCLUB_LIVE: 'short' },
      ),
    ).toEqual([expect.stringContaining('WALLET_SECRET_GCLUB_LIVE is too weak')]);
  });

  it('names the missing or weak secret; sandbox mode needs none', () => {
    // Every provider a transfer wallet here: the seamless wallet's secrets have their own test above.
    const prod = {
      sandbox: false,
      transferWalletProviders: ['alphabet', 'askmebet', 'gclub', 'gclub_live'] as ('alphabet' | 'gclub')[],
    };
    // The provider wallet API's secret is held to the same rule (checked separately below).
    const audit = { AUDIT_SECRET: '4c2a9e7f1b3d5086'.repeat(4) };
    const provider = { PROVIDER_SECRET: '9b1d7e3c5a0f2e84'.repeat(4), ...audit };
    expect(checkSecrets(prod, provider)).toEqual([expect.stringContaining('GATEWAY_SECRET is not set')]);
    expect(checkSecrets(prod, { ...provider, GATEWAY_SECRET: SANDBOX_GATEWAY_SECRET })).toEqual([
      expect.stringContaining('GATEWAY_SECRET is too weak'),
    ]);
    expect(checkSecrets(prod, { ...provider, GATEWAY_SECRET: 'a'.repeat(64) })).toHaveLength(1);
    expect(checkSecrets(prod, { ...provider, GATEWAY_SECRET: '0123456789abcdef'.repeat(3) })).toHaveLength(1); // 24 bytes
    expect(checkSecrets(prod, { ...provider, GATEWAY_SECRET: '3f9c0a7d1e5b8c2a'.repeat(4) })).toEqual([]);
    const gateway = { GATEWAY_SECRET: '3f9c0a7d1e5b8c2a'.repeat(4), ...audit };
    expect(checkSecrets(prod, gateway)).toEqual([expect.stringContaining('PROVIDER_SECRET is not set')]);
    expect(checkSecrets(prod, { ...gateway, PROVIDER_SECRET: SANDBOX_PROVIDER_SECRET })).toEqual([
      expect.stringContaining('PROVIDER_SECRET is too weak'),
    ]);
    // The audit log's key too: without it a database writer could rewrite the log (docs/security.md).
    const both = { ...gateway, PROVIDER_SECRET: provider.PROVIDER_SECRET };
    expect(checkSecrets(prod, { ...both, AUDIT_SECRET: '' })).toEqual([
      expect.stringContaining('AUDIT_SECRET is not set'),
    ]);
    expect(checkSecrets(prod, { ...both, AUDIT_SECRET: 'short' })).toEqual([
      expect.stringContaining('AUDIT_SECRET is too weak'),
    ]);
    expect(checkSecrets({ sandbox: true }, {})).toEqual([]);
  });

  it('has no default secret: neither mode has one in its configuration', () => {
    expect(loadConfig({ SANDBOX: 'false' }).gatewaySecret).toBe('');
    expect(loadConfig({ SANDBOX: 'true' }).gatewaySecret).toBe('');
    expect(loadConfig({ SANDBOX: 'true' }).providerSecret).toBe('');
  });

  it('the server refuses to start without GATEWAY_SECRET, naming it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'player-site-secret-'));
    const env: NodeJS.ProcessEnv = { ...process.env, SANDBOX: 'false', DATA_DIR: path.join(dir, 'data') };
    delete env.GATEWAY_SECRET;
    const child = spawn(process.execPath, [TEST_WASM_FLAGS, await bundledScript('server/src/main.ts')], {
      cwd: path.resolve(__dirname, '../..'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output).toContain('GATEWAY_SECRET is not set');
  }, 60_000);

  it('a callback signed with the documented sandbox secret credits nothing when SANDBOX=false', async () => {
    const t = await createTestApp({ env: { SANDBOX: 'false', GATEWAY_SECRET: '' } });
    try {
      const p = await registerAndLogin(t.app);
      await addAccount(t.app, p.cookie);
      const order = (await createDeposit(t.app, p.cookie)).body.order;
      const payment = {
        billNumber: order.code,
        reference: 'FORGED-1',
        amount: order.amount,
        currency: 'LAK',
        status: 'SUCCESS',
        paidAt: new Date().toISOString(),
      };
      const raw = JSON.stringify(payment);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/payments/callback',
        headers: {
          'content-type': 'application/json',
          'x-signature': signPayload(SANDBOX_GATEWAY_SECRET, raw),
        },
        payload: raw,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
      const status = await t.ctx.db.query<{ status: string }>('SELECT status FROM orders WHERE code = $1', [
        order.code,
      ]);
      expect(status.rows[0]!.status).toBe('OPEN');
    } finally {
      await t.close();
    }
  });
});

describe('sandbox mode on a public address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: 'true', GATEWAY_SECRET: '', PROVIDER_SECRET: '' } });
  });
  afterAll(() => t?.close());

  /** A provider API call signed with the secret earlier versions documented in the README. */
  function signedWithOldSecret(method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    return t.app.inject({
      method,
      url,
      headers: {
        'x-provider-timestamp': timestamp,
        'x-provider-signature': signProviderCall(SANDBOX_PROVIDER_SECRET, {
          method,
          path: url,
          timestamp,
          body: raw,
        }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: raw }),
    });
  }

  it('signs with secrets generated for this database, kept across restarts', async () => {
    const { gatewaySecret, providerSecret } = t.ctx.config;
    expect(gatewaySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(providerSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(gatewaySecret).not.toBe(providerSecret);
    const again = await withSandboxSecrets(t.ctx.db, loadConfig({ SANDBOX: 'true' }));
    expect([again.gatewaySecret, again.providerSecret]).toEqual([gatewaySecret, providerSecret]);
    // A secret set in the environment wins.
    const set = await withSandboxSecrets(
      t.ctx.db,
      loadConfig({ SANDBOX: 'true', GATEWAY_SECRET: 'x'.repeat(64) }),
    );
    expect(set.gatewaySecret).toBe('x'.repeat(64));
  });

  it('an anonymous client cannot switch faults, read or fill a wallet', async () => {
    const p = await registerAndLogin(t.app);
    const refused = [
      await signedWithOldSecret('PUT', '/api/v2/sandbox/providers/alphabet/faults', {
        down: true,
        latencyMs: 0,
        errorPercent: 0,
        timeoutPercent: 0,
        duplicatePercent: 0,
      }),
      await signedWithOldSecret('GET', `/api/v2/sandbox/providers/alphabet/wallets/${p.playerId}`),
      await signedWithOldSecret('POST', '/api/v2/sandbox/providers/alphabet/transfers', {
        reference: 'MINT-1',
        playerId: p.playerId,
        direction: 'IN',
        amount: 1_000_000,
      }),
    ];
    for (const res of refused) expect([res.statusCode, res.json().code]).toEqual([401, 'INVALID_SIGNATURE']);
    const callback = await postPaymentCallback(t.app, SANDBOX_GATEWAY_SECRET, {
      billNumber: 'D2611250001ABCD',
      reference: 'FORGED-2',
      amount: 100_000,
    });
    expect(callback.status).toBe(401);
    expect((await t.ctx.adapters.providers.alphabet.wallet(p.playerId)).balance).toBe(0);
  });

  it('ops invariants reports every difference between the ledger and a provider wallet, with its amount', async () => {
    const p = await registerAndLogin(t.app);
    await addAccount(t.app, p.cookie);
    await depositAndPay(t.app, p.cookie);
    const clean = await runOps(t.ctx, ['invariants']);
    expect(clean.output).not.toMatch(/ledger-wallet/);
    // Credit minted at the provider (a correctly signed transfer the ledger never made): the provider's own
    // books balance, only the comparison with the ledger can see it.
    await applyTransfer(t.ctx.db, 'askmebet', {
      reference: 'MINTED-1',
      playerId: p.playerId,
      direction: 'IN',
      amount: 50_000,
    });
    const found = await runOps(t.ctx, ['invariants']);
    expect(found.exitCode).toBe(1);
    expect(found.output).toContain(
      `ledger-wallet: askmebet wallet of ${p.playerId} holds 50000 satang, the ledger 0 (expected 0); difference 50000`,
    );
    expect(found.output).not.toContain(`alphabet wallet of ${p.playerId}`);
  });
});

describe('error answers', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'player-site-web-'));
    mkdirSync(webDir, { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(path.join(webDir, 'main.3f2a9c1b.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'main.3f2a9c1b.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    t = await createTestApp({ env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('source maps are not served; the script they map is', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/main.3f2a9c1b.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/main.3f2a9c1b.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('sources');
    expectErrorSchema(map.json());
  });

  it('a path parameter longer than the router takes answers in the error schema', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/deposits/D${'A'.repeat(150)}/qr`,
      headers: jsonHeaders(cookie),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectErrorSchema(res.json());
  });

  it('a request the HTTP parser refuses answers in the error schema', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = netConnect(address.port, '127.0.0.1', () => {
        socket.write('GET /api/v2/agency/info HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
      });
      let data = '';
      socket.on('data', (d) => (data += String(d)));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expectErrorSchema(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
  });
});
