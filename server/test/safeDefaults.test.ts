import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { checkSecrets, loadConfig, SANDBOX_GATEWAY_SECRET, SANDBOX_PROVIDER_SECRET } from '../src/config';
import { signPayload } from '../src/adapters/paymentSignature';
import { loadContract } from '../src/contract/load';
import { createTestApp, jsonHeaders, registerAndLogin, type TestApp } from './helpers';
import { addAccount, createDeposit } from './moneyFixtures';

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
  it('names the missing or weak secret; sandbox mode needs none', () => {
    const prod = { sandbox: false };
    // The provider wallet API's secret is held to the same rule (checked separately below).
    const provider = { PROVIDER_SECRET: '9b1d7e3c5a0f2e84'.repeat(4) };
    expect(checkSecrets(prod, provider)).toEqual([expect.stringContaining('GATEWAY_SECRET is not set')]);
    expect(checkSecrets(prod, { ...provider, GATEWAY_SECRET: SANDBOX_GATEWAY_SECRET })).toEqual([
      expect.stringContaining('GATEWAY_SECRET is too weak'),
    ]);
    expect(checkSecrets(prod, { ...provider, GATEWAY_SECRET: 'a'.repeat(64) })).toHaveLength(1);
    expect(checkSecrets(prod, { ...provider, GATEWAY_SECRET: '0123456789abcdef'.repeat(3) })).toHaveLength(1); // 24 bytes
    expect(checkSecrets(prod, { ...provider, GATEWAY_SECRET: '3f9c0a7d1e5b8c2a'.repeat(4) })).toEqual([]);
    const gateway = { GATEWAY_SECRET: '3f9c0a7d1e5b8c2a'.repeat(4) };
    expect(checkSecrets(prod, gateway)).toEqual([expect.stringContaining('PROVIDER_SECRET is not set')]);
    expect(checkSecrets(prod, { ...gateway, PROVIDER_SECRET: SANDBOX_PROVIDER_SECRET })).toEqual([
      expect.stringContaining('PROVIDER_SECRET is too weak'),
    ]);
    expect(checkSecrets({ sandbox: true }, {})).toEqual([]);
  });

  it('has no default secret: SANDBOX=false leaves it empty', () => {
    expect(loadConfig({ SANDBOX: 'false' }).gatewaySecret).toBe('');
    expect(loadConfig({ SANDBOX: 'true' }).gatewaySecret).toBe(SANDBOX_GATEWAY_SECRET);
  });

  it('the server refuses to start without GATEWAY_SECRET, naming it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'player-site-secret-'));
    const env: NodeJS.ProcessEnv = { ...process.env, SANDBOX: 'false', DATA_DIR: path.join(dir, 'data') };
    delete env.GATEWAY_SECRET;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
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
