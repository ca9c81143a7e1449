import { expect, onPhoneOnly, password, registerViaApi, test, uniqueUsername } from './fixtures';
import { choose } from './helpers';
import { exact, lo } from './texts';

// The forms on the way to a first deposit and withdrawal are real HTML forms the server answers
// (server/src/http/formPages.ts): a phone whose browser runs no script still gets its money in and out.
test.use({ javaScriptEnabled: false });

// The narrowest phone the site supports and the two phones of issue 50.
for (const viewport of [
  { width: 320, height: 700 },
  { width: 360, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`with JavaScript off at ${viewport.width}x${viewport.height}, a player logs in, adds a bank account, deposits by QR, pays it in the sandbox bank, sees the credit, withdraws, reads both histories and signs out`, async ({
    page,
    request,
    baseURL,
    watch,
  }) => {
    onPhoneOnly(page);
    // The refusals this journey provokes: each page answers with its form and the reason, in Lao.
    watch.allow('/login', 401);
    watch.allow('/api/v2/players/info', 401);
    watch.allow('/player/bank', 400);
    watch.allow('/player/deposit', 400);
    watch.allow('/player/deposit', 409);
    watch.allow('/player/withdraw', 409);
    await page.setViewportSize(viewport);
    const username = uniqueUsername('nojs');
    await registerViaApi(request, baseURL!, username);

    // A refused login says so in Lao and keeps the username typed.
    await page.goto('/login');
    await page.getByLabel(/ຊື່ຜູ້ໃຊ້/).fill(username);
    await page
      .getByLabel(/ລະຫັດຜ່ານ/)
      .first()
      .fill('not-the-password');
    await page.getByRole('button', { name: lo.auth.login.submit }).last().click();
    await expect(page.getByRole('alert')).toContainText(lo.errors.LOGIN_FAILED);
    await expect(page.getByLabel(/ຊື່ຜູ້ໃຊ້/)).toHaveValue(username);
    await page
      .getByLabel(/ລະຫັດຜ່ານ/)
      .first()
      .fill(password);
    await page.getByRole('button', { name: lo.auth.login.submit }).last().click();
    await expect(page).toHaveURL(/\/player/);

    // The bank account: a wrong number is refused with the form kept, then the right one is saved.
    await page.goto('/player/bank');
    await choose(page, lo.money.bank.bank, 'BCEL');
    await page.getByLabel(lo.money.bank.accountNumber).fill('123');
    await page.getByLabel(lo.money.bank.accountName).fill('SOMCHAI PHOMMAVONG');
    await page.getByRole('button', { name: lo.money.bank.submit }).click();
    // Named under its field as the app's form names it, not a general "invalid data" (issue 50, item 2).
    await expect(page.getByText(lo.money.bank.errors.accountNumberLength)).toBeVisible();
    await expect(page.getByText(lo.errors.VALIDATION_ERROR)).toHaveCount(0);
    await expect(page.getByLabel(lo.money.bank.accountName)).toHaveValue('SOMCHAI PHOMMAVONG');
    const accountNumber = `01${Date.now().toString().slice(-11)}`;
    await page.getByLabel(lo.money.bank.accountNumber).fill(accountNumber);
    await page.getByRole('button', { name: lo.money.bank.submit }).click();
    await expect(page.getByText(accountNumber)).toBeVisible();

    // The deposit: letters in the amount are named as the app names them; then the form posts, and the open
    // order's QR is drawn by the server.
    await page.goto('/player/deposit');
    await choose(page, lo.money.deposit.provider, 'GClub');
    await choose(page, lo.money.deposit.bank, 'BCEL');
    await page.getByLabel(lo.money.deposit.amount).fill('abc');
    await page.getByRole('button', { name: lo.money.deposit.submit }).click();
    await expect(page.getByText(lo.money.deposit.errors.amountWholeKip)).toBeVisible();
    await expect(page.getByText(lo.errors.VALIDATION_ERROR)).toHaveCount(0);
    await page.getByLabel(lo.money.deposit.amount).fill('100.000');
    await page.getByRole('button', { name: lo.money.deposit.submit }).click();
    await expect(page).toHaveURL(/\/player\/deposit$/);
    await expect(page.getByRole('img', { name: lo.money.deposit.dialog.qrLabel })).toBeVisible();

    // Checking before paying says it is not paid yet.
    await page.getByRole('button', { name: lo.money.deposit.dialog.check }).click();
    await expect(page.getByRole('alert')).toContainText(lo.money.deposit.dialog.notPaid);

    // Paid in the sandbox bank, which the QR's link opens with the QR filled in.
    await page.getByRole('link', { name: lo.money.deposit.sandboxLink }).click();
    await expect(page).toHaveURL(/\/sandbox\/bank\?qr=/);
    await page.getByRole('button', { name: lo.money.sandbox.pay }).click();
    await expect(page.getByText(lo.money.sandbox.paid)).toBeVisible();

    // Back on the deposit page the credit is in: GClub's 153,84 THB (100.000 LAK at the sandbox rate).
    await page.goto('/player/deposit');
    await expect(page.getByRole('img', { name: lo.money.deposit.dialog.qrLabel })).toHaveCount(0);
    await page.goto('/player/withdraw?provider=gclub');
    await expect(page.getByText('153,84 THB').first()).toBeVisible();

    // The withdrawal: too much is refused in Lao; a fair amount is requested and shown as open.
    await choose(page, lo.money.withdraw.provider, 'GClub');
    await page.getByLabel(lo.money.withdraw.amount).fill('5.000');
    await page.getByRole('button', { name: lo.money.withdraw.submit }).click();
    // More than the credit is named under the amount, as the app's form does before sending.
    await expect(page.getByText(lo.money.withdraw.errors.creditNotEnough)).toBeVisible();
    await expect(page.getByLabel(lo.money.withdraw.amount)).toHaveValue('5.000');
    await page.getByLabel(lo.money.withdraw.amount).fill('100,50');
    await page.getByRole('button', { name: lo.money.withdraw.submit }).click();
    // The page after the post says it was received, as the app does, and lists it as open.
    await expect(page).toHaveURL(/\/player\/withdraw\?created=W[0-9A-Z]+$/);
    await expect(page.getByRole('status').filter({ hasText: lo.money.withdraw.success })).toBeVisible();
    await expect(page.getByText(exact(lo.money.withdraw.openTitle))).toBeVisible();
    await expect(page.getByText(/100,50 THB/).first()).toBeVisible();

    // Both histories from the page's own links, drawn by the server with the orders.
    const nav = page.getByRole('navigation', { name: lo.layout.drawer.label });
    await nav.getByRole('link', { name: lo.layout.menu.depositHistory }).click();
    await expect(page).toHaveURL(/\/player\/deposit\/history$/);
    await expect(page.getByText(/100\.000/).first()).toBeVisible();
    await nav.getByRole('link', { name: lo.layout.menu.withdrawHistory }).click();
    await expect(page).toHaveURL(/\/player\/withdraw\/history$/);
    await expect(page.getByText(/100,50/).first()).toBeVisible();

    // Signing out is a form too: the player is on the home page, the session over.
    await nav.getByRole('button', { name: lo.layout.navbar.logout }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    expect((await page.request.get('/api/v2/players/info')).status()).toBe(401);
  });
}
