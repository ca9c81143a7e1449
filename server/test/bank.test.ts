import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { accountNumber, call } from './moneyFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

const add = (cookie: string, over: Record<string, unknown>) =>
  call(t.app, 'addBankAccount', 'POST', '/api/v2/players/bank-accounts', {
    cookie,
    payload: {
      bank: 'bcel',
      accountNumber: accountNumber(),
      accountName: 'SOMCHAI',
      currency: 'LAK',
      ...over,
    },
  });

describe('bank accounts', () => {
  it('adds one LAK account and lists it with its owner', async () => {
    const { cookie, username } = await registerAndLogin(t.app);
    const number = accountNumber();
    const added = await add(cookie, { accountNumber: number });
    expect(added.status).toBe(201);
    expect(added.body.bankAccount).toMatchObject({
      bank: 'bcel',
      accountNumber: number,
      currency: 'LAK',
      owner: username,
    });
    const list = await call(t.app, 'listBankAccounts', 'GET', '/api/v2/players/bank-accounts', { cookie });
    expect(list.body.bankAccounts).toEqual([added.body.bankAccount]);
    const info = await call(t.app, 'getPlayerInfo', 'GET', '/api/v2/players/info', { cookie });
    expect(info.body.bankAccounts).toHaveLength(1);
  });

  it.each([
    [{ accountNumber: '01010001234AB' }, 'BANK_ACCOUNT_NUMBER_INVALID'],
    [{ accountNumber: '010100012345' }, 'BANK_ACCOUNT_NUMBER_INVALID'],
    [{ bank: 'jdb', accountNumber: '0101000123456' }, 'BANK_ACCOUNT_NUMBER_INVALID'],
    [{ accountNumber: '0205551234567' }, 'WALLET_ACCOUNT_NOT_ALLOWED'],
    [{ accountNumber: '02055512345' }, 'WALLET_ACCOUNT_NOT_ALLOWED'],
    [{ currency: 'THB' }, 'CURRENCY_NOT_ALLOWED'],
    [{ accountName: '   ' }, 'VALIDATION_ERROR'],
  ])('refuses %j with 400 %s', async (over, code) => {
    const { cookie } = await registerAndLogin(t.app);
    const res = await add(cookie, over);
    expect(res).toMatchObject({ status: 400, body: { code } });
  });

  it("refuses duplicates: the same account again, another player's, a second one", async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const number = accountNumber();
    expect((await add(a.cookie, { accountNumber: number })).status).toBe(201);
    expect(await add(a.cookie, { accountNumber: number })).toMatchObject({
      status: 409,
      body: { code: 'BANK_ACCOUNT_EXISTS' },
    });
    expect(await add(b.cookie, { accountNumber: number })).toMatchObject({
      status: 409,
      body: { code: 'ACCOUNT_IN_USED' },
    });
    expect(await add(a.cookie, {})).toMatchObject({ status: 409, body: { code: 'BANK_ACCOUNT_LIMIT' } });
  });

  it('lets exactly one of two racing players have an account number', async () => {
    const players = await Promise.all([
      registerAndLogin(t.app),
      registerAndLogin(t.app),
      registerAndLogin(t.app),
    ]);
    const number = accountNumber();
    const results = await Promise.all(players.map((p) => add(p.cookie, { accountNumber: number })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.body.code).toBe('ACCOUNT_IN_USED');
  });

  it('lets one player add only one account when two requests race', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const results = await Promise.all([add(cookie, {}), add(cookie, {}), add(cookie, {})]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.body.code).toBe('BANK_ACCOUNT_LIMIT');
  });

  it('requires a session', async () => {
    expect(await add('', {})).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });
});
