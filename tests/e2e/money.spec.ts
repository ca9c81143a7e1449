import { expect, logIn, registerViaApi, test, uniqueUsername } from './fixtures';
import {
  accountNumber,
  holderName,
  addBankAccount,
  choose,
  creditOn,
  depositViaApi,
  ops,
  payOnSandboxBank,
  openApp,
} from './helpers';
import { lo } from './texts';
import { addStaff, staffCode } from './staff';

const dataDir = process.env.E2E_SITE_DATA_DIR ?? '';

test('a player adds a bank account, and the site refuses a second one, a duplicate, a wrong currency and an account in use', async ({
  page,
  request,
  baseURL,
  watch,
}) => {
  watch.allow('/api/v2/players/bank-accounts', 409);
  const number = accountNumber();
  const owner = uniqueUsername('bank');
  await registerViaApi(request, baseURL!, owner);
  await logIn(page, owner);

  // Wrong currency: only LAK accounts are accepted.
  await openApp(page, '/player/bank');
  await choose(page, lo.money.bank.currency, 'THB');
  await page.getByRole('button', { name: lo.money.bank.submit }).click();
  await expect(page.getByText(lo.money.bank.errors.currencyOnlyLak)).toBeVisible();

  await addBankAccount(page, number);
  await expect(page.getByText(lo.money.bank.added)).toBeVisible();
  await expect(page.getByText(number)).toBeVisible();

  // The form is gone once the one account exists; the API refuses a duplicate and a second account.
  await expect(page.getByRole('button', { name: lo.money.bank.submit })).toHaveCount(0);
  const headers = { origin: baseURL! };
  const duplicate = await page.request.post('/api/v2/players/bank-accounts', {
    headers,
    data: { bank: 'bcel', accountNumber: number, accountName: 'SOMCHAI PHOMMAVONG', currency: 'LAK' },
  });
  expect(duplicate.status()).toBe(409);
  expect((await duplicate.json()).code).toBe('BANK_ACCOUNT_EXISTS');
  const second = await page.request.post('/api/v2/players/bank-accounts', {
    headers,
    data: {
      bank: 'bcel',
      accountNumber: accountNumber(),
      accountName: 'SOMCHAI PHOMMAVONG',
      currency: 'LAK',
    },
  });
  expect(second.status()).toBe(409);
  expect((await second.json()).code).toBe('BANK_ACCOUNT_LIMIT');

  // Another player trying the same account is told it is already used in the system.
  await page.context().clearCookies();
  const other = uniqueUsername('bank2');
  await registerViaApi(request, baseURL!, other);
  await logIn(page, other);
  await addBankAccount(page, number);
  await expect(page.getByText(lo.errors.ACCOUNT_IN_USED)).toBeVisible();
});

test('a QR deposit paid on the sandbox bank page raises the credit; Check says when it is not paid yet; closing the dialog asks first', async ({
  page,
  request,
  baseURL,
  watch,
  context,
}) => {
  watch.allow('/api/v2/deposits/', 409);
  const username = uniqueUsername('dep');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  // A deposit needs no bank account: the player only says which bank app pays.
  const before = await creditOn(page, 'alphabet');

  await openApp(page, '/player/deposit');
  await choose(page, lo.money.deposit.provider, 'Alphabet');
  await choose(page, lo.money.deposit.paymentMethod, /LAO QR/i);
  await choose(page, lo.money.deposit.bank, 'BCEL');
  await page.getByLabel(lo.money.deposit.amount).fill('100000');
  await expect(page.getByText(/100[.,\u00a0]?000 LAK =/)).toBeVisible();
  await page.getByRole('button', { name: lo.money.deposit.submit }).click();

  const dialog = page.getByRole('dialog', { name: lo.money.deposit.dialog.title });
  await expect(dialog.getByLabel(lo.money.deposit.dialog.qrLabel)).toBeVisible();
  const qrText = (
    await dialog.getByLabel(lo.money.deposit.dialog.qrText, { exact: true }).inputValue()
  ).trim();
  expect(qrText).toMatch(/^000201010212/);

  // Not paid yet: the spec's message.
  await dialog.getByRole('button', { name: lo.money.deposit.dialog.check }).click();
  await expect(dialog.getByText(lo.money.deposit.dialog.notPaid)).toBeVisible();

  // Closing asks first and reminds a player who has paid to press Check.
  await dialog.getByRole('button', { name: lo.money.deposit.dialog.close }).first().click();
  await expect(page.getByText(lo.money.deposit.dialog.confirmCloseText)).toBeVisible();
  await page.getByRole('button', { name: lo.money.deposit.dialog.keepOpen }).click();
  await expect(dialog).toBeVisible();

  // The tester pays the QR on the sandbox bank page in another tab.
  await payOnSandboxBank(context, qrText);

  // The payment is pushed to the page (live order events): the success view shows without a second Check.
  await expect(page.getByText(lo.money.deposit.dialog.successTitle)).toBeVisible();
  const after = await creditOn(page, 'alphabet');
  // 100,000 LAK at the seeded sell rate of 650 LAK per THB buys 153.84 THB (rounded down to the satang).
  expect(Math.round((after - before) * 100)).toBe(15384);
});

test('a withdrawal approved by the operator command shows in both histories with the right statuses', async ({
  page,
  request,
  baseURL,
}) => {
  const username = uniqueUsername('wd');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await addBankAccount(page, accountNumber());

  // Fund the player through the real deposit path: create, pay at the sandbox bank, check.
  const depositCode = await depositViaApi(page, baseURL!, 'gclub', 200000);

  await openApp(page, '/player/withdraw');
  await choose(page, lo.money.withdraw.provider, 'GClub');
  await page.getByLabel(lo.money.withdraw.amount).fill('100.50');
  await expect(page.getByText(/LAK/).first()).toBeVisible();
  await page.getByRole('button', { name: lo.money.withdraw.submit }).click();
  await expect(page.getByText(lo.money.withdraw.success)).toBeVisible();

  const open = (await (await page.request.get('/api/v2/withdraws/open')).json()) as {
    orders: Array<{ code: string }>;
  };
  const code = open.orders[0]!.code;
  // The terminal decides money as a named staff member, with that member's authenticator code.
  const operator = await addStaff('operator');
  expect(
    ops(['withdrawals', 'approve', code, '--as', operator.username, '--code', staffCode(operator.secret)], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    }),
  ).toContain(code);

  await page.goto('/player/withdraw/history');
  const withdrawRow = page
    .getByText(code)
    .locator(
      'xpath=ancestor::*[self::tr or contains(@class,"ant-list-item") or contains(@class,"ant-card")][1]',
    );
  await expect(withdrawRow.getByText(lo.money.status.SUCCESS)).toBeVisible();
  await expect(withdrawRow.locator('.ant-tag-green, .ant-tag-success')).toBeVisible();

  await page.goto('/player/deposit/history');
  const depositRow = page
    .getByText(depositCode)
    .locator(
      'xpath=ancestor::*[self::tr or contains(@class,"ant-list-item") or contains(@class,"ant-card")][1]',
    );
  await expect(depositRow.getByText(lo.money.status.SUCCESS)).toBeVisible();
  await expect(page.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/).first()).toBeVisible();
});

test('a deposit paid on the sandbox bank is noticed without pressing Check', async ({
  page,
  request,
  baseURL,
  context,
}) => {
  const username = uniqueUsername('live');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  const before = await creditOn(page, 'alphabet');
  const checks: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/check')) checks.push(r.url());
  });

  await openApp(page, '/player/deposit');
  await choose(page, lo.money.deposit.provider, 'Alphabet');
  await choose(page, lo.money.deposit.bank, 'BCEL');
  // A quick amount chip fills the amount.
  await page
    .getByRole('group', { name: lo.money.deposit.quickAmounts })
    .getByRole('button', { name: /^100[.,\u00a0]?000$/ })
    .click();
  await expect(page.getByLabel(lo.money.deposit.amount)).toHaveValue('100000');
  await page.getByRole('button', { name: lo.money.deposit.submit }).click();

  const dialog = page.getByRole('dialog', { name: lo.money.deposit.dialog.title });
  await expect(dialog.getByText(lo.money.deposit.dialog.waiting)).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: new RegExp(lo.money.deposit.dialog.saveQr) }),
  ).toBeVisible();
  const qrText = (
    await dialog.getByLabel(lo.money.deposit.dialog.qrText, { exact: true }).inputValue()
  ).trim();

  // Paid in another tab, as a tester on the sandbox bank page.
  await payOnSandboxBank(context, qrText);

  // The dialog becomes the success view by itself, with its own title, and a toast says it too.
  const received = page.getByRole('dialog', { name: lo.money.deposit.dialog.receivedTitle });
  await expect(received.getByText(lo.money.deposit.dialog.successTitle)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: lo.money.deposit.toast.credited })).toBeVisible();
  expect(checks).toEqual([]);
  const after = await creditOn(page, 'alphabet');
  expect(Math.round((after - before) * 100)).toBe(15384);
});

test('a small withdrawal is paid automatically and its stages show', async ({ page, request, baseURL }) => {
  const username = uniqueUsername('auto');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await depositViaApi(page, baseURL!, 'gclub', 100000);

  // The first withdrawal asks for the bank account the money goes to, on the withdraw page itself.
  await openApp(page, '/player/withdraw');
  await expect(page.getByText(lo.money.withdraw.needBankAccount)).toBeVisible();
  await choose(page, lo.money.bank.bank, 'BCEL');
  await page.getByLabel(lo.money.bank.accountNumber).fill(accountNumber());
  await page.getByLabel(lo.money.bank.accountName).fill(holderName());
  await page.getByRole('button', { name: lo.money.bank.submit }).click();

  // 100 THB: at the automatic limit of the site under test (playwright.config.ts), no promotion, no flag.
  await choose(page, lo.money.withdraw.provider, 'GClub');
  await page.getByLabel(lo.money.withdraw.amount).fill('100');
  await page.getByRole('button', { name: lo.money.withdraw.submit }).click();
  await expect(page.getByText(lo.money.withdraw.success)).toBeVisible();

  // Paid without an operator: the stages received → processing → paid, the last one reached.
  const steps = page.getByLabel(lo.money.withdraw.stages);
  await expect(steps.getByText(lo.money.withdraw.stage.RECEIVED)).toBeVisible();
  await expect(steps.getByText(lo.money.withdraw.stage.PROCESSING)).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toContainText(lo.money.withdraw.stage.PAID);
  await expect(page.getByText(lo.money.withdraw.automatic)).toBeVisible();

  const history = (await (await page.request.get('/api/v2/withdraws')).json()) as {
    items: Array<{ status: string; payout?: { automatic: boolean; stage: string } }>;
  };
  expect(history.items[0]).toMatchObject({ status: 'SUCCESS', payout: { automatic: true, stage: 'PAID' } });
  await page.goto('/player/withdraw/history');
  await expect(page.getByText(lo.money.status.SUCCESS).first()).toBeVisible();
});
