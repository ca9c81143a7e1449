import { buildLaoQr, parseLaoQr } from '@core/laoQr';
import { sandboxMarkPaid } from '../src/adapters/sandboxGateway';
import { signPayload } from '../src/adapters/paymentSignature';
import { paySandboxQr } from '../src/http/sandbox';
import { checkInvariants } from '../src/domain/ledger/ledger';
import { createTestApp, expectContract, registerAndLogin, type TestApp } from './helpers';
import { call, createDeposit, credit } from './moneyFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

async function postCallback(body: Record<string, unknown>, signature?: string) {
  const raw = JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/payments/callback',
    headers: {
      'content-type': 'application/json',
      'x-signature': signature ?? signPayload(t.ctx.config.gatewaySecret, raw),
    },
    payload: raw,
  });
  expectContract('receivePaymentCallback', res.statusCode, res.json());
  return { status: res.statusCode, body: res.json() };
}

const paidCallback = (code: string, reference: string, amount = 100_000) => ({
  billNumber: code,
  reference,
  amount,
  currency: 'LAK',
  status: 'SUCCESS',
  paidAt: new Date().toISOString(),
});

describe('createDeposit', () => {
  it.each([
    [{ amount: 93_999 }, 400, 'AMOUNT_OUT_OF_RANGE'],
    [{ amount: 200_000_001 }, 400, 'AMOUNT_OUT_OF_RANGE'],
    [{ mid: 'MID-NOPE' }, 400, 'PAYMENT_METHOD_NOT_FOUND'],
    [{ mid: 'MID-USD-01' }, 400, 'PAYMENT_METHOD_NOT_FOUND'],
    [{ mid: 'MID-THB-01' }, 400, 'PAYMENT_METHOD_NOT_FOUND'],
  ])('refuses %j with %i %s', async (over, status, code) => {
    const { cookie } = await registerAndLogin(t.app);
    expect(await createDeposit(t.app, cookie, over)).toMatchObject({ status, body: { code } });
  });

  it('needs no bank account: a new player deposits and is credited; the account is asked for at withdrawal', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, cookie)).body.order.code;
    expect((await postCallback(paidCallback(code, `BCEL-${code}`))).status).toBe(200);
    expect(await credit(t.app, cookie)).toBe('153.84');
    const withdraw = await call(t.app, 'createWithdraw', 'POST', '/api/v2/withdraws', {
      cookie,
      headers: { 'idempotency-key': `no-account-${code}` },
      payload: {
        provider: 'alphabet',
        bankAccountId: '00000000-0000-4000-8000-000000000000',
        credit: 10_000,
      },
    });
    expect(withdraw).toMatchObject({ status: 400, body: { code: 'BANK_ACCOUNT_REQUIRED' } });
  });

  it('accepts the bounds themselves', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const min = await createDeposit(t.app, cookie, { amount: 94_000 });
    expect(min.status).toBe(201);
    expect(min.body.order.credit).toBe(14_461); // 94,000 / 650 = 144.615… THB, floored
  });

  it('builds a dynamic LAO QR with the order code as bill number', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const res = await createDeposit(t.app, cookie, { bank: 'jdb' });
    const qr = parseLaoQr(res.body.qr.qrText);
    expect(qr).toMatchObject({
      crcValid: true,
      dynamic: true,
      acquirerIin: '32170418',
      merchantId: 'MID-LAOQR-01',
      amountLak: 100_000,
      billNumber: res.body.order.code,
      currency: '418',
    });
    expect(res.body.order.code).toMatch(/^D[0-9]{6}[0-9A-Z]{10}$/);
    expect(Date.parse(res.body.order.expiresAt) - Date.parse(res.body.order.createdAt)).toBe(15 * 60_000);
  });

  it('allows one open deposit per player (409 OPEN_ORDER), also when requests race', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const results = await Promise.all([
      createDeposit(t.app, cookie),
      createDeposit(t.app, cookie),
      createDeposit(t.app, cookie),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.body.code).toBe('OPEN_ORDER');
    const open = await call(t.app, 'listOpenDeposits', 'GET', '/api/v2/deposits/open', { cookie });
    expect(open.body.orders).toHaveLength(1);
  });
});

describe('cancel, expiry and check', () => {
  it('cancels an open order once', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, cookie)).body.order.code;
    const cancel = () => call(t.app, 'cancelDeposit', 'POST', `/api/v2/deposits/${code}/cancel`, { cookie });
    expect((await cancel()).body.order.status).toBe('CANCELED');
    expect(await cancel()).toMatchObject({ status: 409, body: { code: 'ORDER_CLOSED' } });
    expect(await call(t.app, 'getDepositQr', 'GET', `/api/v2/deposits/${code}/qr`, { cookie })).toMatchObject(
      { status: 404, body: { code: 'ORDER_CLOSED' } },
    );
    expect(
      await call(t.app, 'checkDeposit', 'POST', `/api/v2/deposits/${code}/check`, { cookie }),
    ).toMatchObject({ status: 409, body: { code: 'ORDER_CLOSED' } });
    // A new order can be opened once the old one is closed.
    expect((await createDeposit(t.app, cookie)).status).toBe(201);
  });

  it("hides other players' orders (404 ORDER_NOT_FOUND)", async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, a.cookie)).body.order.code;
    expect(
      await call(t.app, 'cancelDeposit', 'POST', `/api/v2/deposits/${code}/cancel`, { cookie: b.cookie }),
    ).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } });
    expect(
      await call(t.app, 'getDepositQr', 'GET', `/api/v2/deposits/${code}/qr`, { cookie: b.cookie }),
    ).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } });
    expect(
      await call(t.app, 'checkDeposit', 'POST', `/api/v2/deposits/D261122AAAAAAAAAA/check`, {
        cookie: a.cookie,
      }),
    ).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } });
  });

  it('moves an expired open order to FAILED when read, and the sandbox bank refuses to pay it', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const created = await createDeposit(t.app, cookie);
    const code = created.body.order.code;
    await t.ctx.db.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE code = $1`, [
      code,
    ]);
    expect(
      await call(t.app, 'paySandboxQr', 'POST', '/api/v2/sandbox/bank/pay', {
        payload: { qrText: created.body.qr.qrText },
      }),
    ).toMatchObject({
      status: 409,
      body: { code: 'ORDER_EXPIRED' },
    });
    expect(
      (await call(t.app, 'listOpenDeposits', 'GET', '/api/v2/deposits/open', { cookie })).body.orders,
    ).toEqual([]);
    const list = await call(t.app, 'listDeposits', 'GET', '/api/v2/deposits', { cookie });
    expect(list.body.items[0]).toMatchObject({ code, status: 'FAILED' });
  });

  it('check: the gateway says expired → FAILED', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, cookie)).body.order.code;
    await t.ctx.db.query(
      `UPDATE sandbox_payments SET expires_at = now() - interval '1 minute' WHERE bill_number = $1`,
      [code],
    );
    const checked = await call(t.app, 'checkDeposit', 'POST', `/api/v2/deposits/${code}/check`, { cookie });
    expect(checked).toMatchObject({ status: 200, body: { order: { code, status: 'FAILED' } } });
  });
});

describe('payment callback', () => {
  it('refuses a bad signature with 401 INVALID_SIGNATURE and credits nothing', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, cookie)).body.order.code;
    const res = await postCallback(paidCallback(code, 'BCEL-BAD-SIG'), 'f'.repeat(64));
    expect(res).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    expect(await credit(t.app, cookie)).toBe('0.00');
  });

  it('credits a signed callback once, however often it is delivered', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, cookie)).body.order.code;
    const body = paidCallback(code, `BCEL-${code}`);
    const results = await Promise.all(Array.from({ length: 5 }, () => postCallback(body)));
    for (const r of results) expect(r).toEqual({ status: 200, body: { ok: true } });
    expect(await postCallback(body)).toEqual({ status: 200, body: { ok: true } });
    expect(await credit(t.app, cookie)).toBe('153.84');
    const again = await call(t.app, 'checkDeposit', 'POST', `/api/v2/deposits/${code}/check`, { cookie });
    expect(again.body.order.status).toBe('SUCCESS');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('keeps a payment of another amount, or for an unknown bill, as UNMATCHED for refund; credits nothing', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, cookie)).body.order.code;
    // The money arrived: the bank is told it was received (200), and the operator sees it to refund.
    expect(await postCallback(paidCallback(code, 'BCEL-LESS', 99_000))).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await postCallback(paidCallback('D261122ZZZZZZZZZZ', 'BCEL-NONE'))).toEqual({
      status: 200,
      body: { ok: true },
    });
    const r = await t.ctx.db.query<{ reference: string; outcome: string }>(
      `SELECT reference, outcome FROM payment_callbacks WHERE reference IN ('BCEL-LESS', 'BCEL-NONE') ORDER BY reference`,
    );
    expect(r.rows).toEqual([
      { reference: 'BCEL-LESS', outcome: 'UNMATCHED' },
      { reference: 'BCEL-NONE', outcome: 'UNMATCHED' },
    ]);
    expect(await credit(t.app, cookie)).toBe('0.00');
  });

  it('leaves the order open after a FAILED payment attempt', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, cookie)).body.order.code;
    expect(await postCallback({ ...paidCallback(code, 'BCEL-FAILED-1'), status: 'FAILED' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const open = await call(t.app, 'listOpenDeposits', 'GET', '/api/v2/deposits/open', { cookie });
    expect(open.body.orders.map((o: { code: string }) => o.code)).toEqual([code]);
    expect(await postCallback(paidCallback(code, 'BCEL-OK-2'))).toEqual({ status: 200, body: { ok: true } });
    expect(await credit(t.app, cookie)).toBe('153.84');
  });

  it('check credits an order the gateway reports paid even when no callback arrived', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, cookie)).body.order.code;
    expect(await sandboxMarkPaid(t.ctx.db, code, 'BCEL-QUERY-1')).toBe(true);
    const checked = await call(t.app, 'checkDeposit', 'POST', `/api/v2/deposits/${code}/check`, { cookie });
    expect(checked.body.order).toMatchObject({ code, status: 'SUCCESS' });
    expect(await credit(t.app, cookie)).toBe('153.84');
    // The bank's late callback for the same payment changes nothing.
    expect(await postCallback(paidCallback(code, 'BCEL-QUERY-1'))).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await credit(t.app, cookie)).toBe('153.84');
  });

  it('credits a payment for an order the player cancelled or that expired, and the order says so', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, cookie)).body.order.code;
    await call(t.app, 'cancelDeposit', 'POST', `/api/v2/deposits/${code}/cancel`, { cookie });
    // Before: recorded UNMATCHED and not credited, with no operator command to find it.
    expect(await postCallback(paidCallback(code, 'BCEL-LATE'))).toEqual({ status: 200, body: { ok: true } });
    expect(await credit(t.app, cookie)).toBe('153.84');
    const history = await call(t.app, 'listDeposits', 'GET', '/api/v2/deposits', { cookie });
    expect(history.body.items[0]).toMatchObject({ code, status: 'SUCCESS', paidAfterClose: true });

    const expired = (await createDeposit(t.app, cookie)).body.order.code;
    await t.ctx.db.query(`UPDATE orders SET status = 'FAILED' WHERE code = $1`, [expired]);
    expect(await postCallback(paidCallback(expired, 'BCEL-LATE-2'))).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await credit(t.app, cookie)).toBe('307.68');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });
});

describe('sandbox bank', () => {
  it('refuses a QR with a wrong checksum or that is not a LAO QR (400 QR_INVALID)', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const qrText: string = (await createDeposit(t.app, cookie)).body.qr.qrText;
    const tampered = qrText.slice(0, -4) + (qrText.endsWith('0000') ? '1111' : '0000');
    expect(
      await call(t.app, 'paySandboxQr', 'POST', '/api/v2/sandbox/bank/pay', {
        payload: { qrText: tampered },
      }),
    ).toMatchObject({ status: 400, body: { code: 'QR_INVALID' } });
    expect(
      await call(t.app, 'paySandboxQr', 'POST', '/api/v2/sandbox/bank/pay', {
        payload: { qrText: 'this is not a qr code at all' },
      }),
    ).toMatchObject({ status: 400, body: { code: 'QR_INVALID' } });
  });

  it('answers 404 ORDER_NOT_FOUND for a valid QR of no order', async () => {
    const qrText = buildLaoQr({
      acquirerIin: '27710418',
      merchantId: 'MID-LAOQR-01',
      paymentType: '001',
      mcc: '7995',
      amountLak: 100_000,
      billNumber: 'D261122QQQQQQQQQQ',
      merchantName: 'X',
      merchantCity: 'Y',
    });
    expect(
      await call(t.app, 'paySandboxQr', 'POST', '/api/v2/sandbox/bank/pay', { payload: { qrText } }),
    ).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } });
  });

  it('is off outside sandbox mode (404 SANDBOX_DISABLED)', async () => {
    const live = await createTestApp({ env: { SANDBOX: 'false' } });
    try {
      const res = await live.app.inject({
        method: 'POST',
        url: '/api/v2/sandbox/bank/pay',
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        payload: { qrText: 'any text that is long enough' },
      });
      expectContract('paySandboxQr', res.statusCode, res.json());
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('SANDBOX_DISABLED');
    } finally {
      await live.close();
    }
    const ctx = { ...t.ctx, config: { ...t.ctx.config, sandbox: false } };
    await expect(paySandboxQr(ctx, 'whatever')).rejects.toMatchObject({ code: 'SANDBOX_DISABLED' });
  });
});
