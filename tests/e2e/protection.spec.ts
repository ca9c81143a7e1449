import { expect, logIn, onPhoneOnly, registerViaApi, submitLogin, test, uniqueUsername } from './fixtures';
import {
  accountNumber,
  addBankAccount,
  choose,
  depositViaApi,
  openPlayerMenuItem,
  ops,
  openApp,
} from './helpers';
import { lo } from './texts';

const t = lo.protection;

test.beforeEach(({ page }) => onPhoneOnly(page));

/** Fills and sends the deposit form for an amount of LAK at Alphabet by LAO QR. */
async function tryDeposit(page: import('@playwright/test').Page, amountLak: string) {
  await openApp(page, '/player/deposit');
  await choose(page, lo.money.deposit.provider, 'Alphabet');
  await choose(page, lo.money.deposit.paymentMethod, /LAO QR/i);
  await choose(page, lo.money.deposit.bank, 'BCEL');
  await page.getByLabel(lo.money.deposit.amount).fill(amountLak);
  await page.getByRole('button', { name: lo.money.deposit.submit }).click();
}

test('a player sets a deposit limit, hits it, and raising it waits 24 hours', async ({
  page,
  request,
  baseURL,
  watch,
}) => {
  test.setTimeout(120_000);
  watch.allow('/api/v2/deposits', 409);
  watch.allow('/api/v2/players/protection/limits/confirm', 409);
  const username = uniqueUsername('limit');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await addBankAccount(page, accountNumber());

  // One tap from the drawer.
  const openDrawer = page.getByRole('button', { name: lo.layout.drawer.open });
  if (await openDrawer.isVisible()) await openDrawer.click();
  await page.getByRole('link', { name: lo.layout.menu.responsibleGaming }).click();
  await expect(page.getByRole('heading', { level: 1, name: lo.layout.menu.responsibleGaming })).toBeVisible();

  await page.getByLabel(t.limits.form.amount).fill('150000');
  await page.getByRole('button', { name: t.limits.form.submit }).click();
  await expect(page.getByText(t.limits.form.applied)).toBeVisible();
  const row = page.getByRole('listitem', { name: `${t.limits.kinds.DEPOSIT} · ${t.limits.periods.DAY}` });
  await expect(row.getByText(/150[.,\u00a0]?000 LAK/)).toBeVisible();

  // 100,000 LAK paid today: another 100,000 would pass the 150,000 limit.
  await depositViaApi(page, baseURL!, 'alphabet', 100000);
  await tryDeposit(page, '100000');
  await expect(page.getByText(lo.errors.DEPOSIT_LIMIT_EXCEEDED)).toBeVisible();

  // Raising it is a request: the old limit holds, and it can be confirmed only after 24 hours.
  await page.goto('/player/responsible-gaming');
  await page.getByLabel(t.limits.form.amount).fill('500000');
  await page.getByRole('button', { name: t.limits.form.submit }).click();
  await expect(page.getByText(/ໄດ້ຮັບຄຳຂໍແລ້ວ: ທ່ານຢືນຢັນໄດ້ແຕ່/)).toBeVisible();
  await expect(row.getByText(/150[.,\u00a0]?000 LAK/)).toBeVisible();
  await expect(row.getByText(/ການປ່ຽນເປັນ 500[.,\u00a0]?000 LAK ກຳລັງລໍຖ້າ/)).toBeVisible();
  await expect(row.getByRole('button', { name: t.limits.confirm })).toBeDisabled();
  const early = await page.request.post('/api/v2/players/protection/limits/confirm', {
    headers: { origin: baseURL! },
    data: { kind: 'DEPOSIT', period: 'DAY' },
  });
  expect(early.status()).toBe(409);
  expect((await early.json()).code).toBe('LIMIT_CHANGE_TOO_EARLY');
  await tryDeposit(page, '100000');
  await expect(page.getByText(lo.errors.DEPOSIT_LIMIT_EXCEEDED)).toBeVisible();
});

test('during a time-out deposits are refused, withdrawing still works, and login leads to it', async ({
  page,
  request,
  baseURL,
  watch,
}) => {
  // A deposit, a time-out, a withdrawal and a second login: long on a busy machine.
  test.setTimeout(90_000);
  watch.allow('/api/v2/deposits', 403);
  const username = uniqueUsername('break');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await addBankAccount(page, accountNumber());
  await depositViaApi(page, baseURL!, 'alphabet', 100000);

  await page.goto('/player/responsible-gaming');
  await page.getByText(t.timeOut.options['1'], { exact: true }).click();
  await page.getByRole('button', { name: t.timeOut.submit }).click();
  const confirm = page.getByRole('dialog', { name: t.timeOut.confirmTitle });
  await confirm.getByRole('button', { name: t.timeOut.confirmOk }).click();
  await expect(page.getByText(/ທ່ານກຳລັງພັກການຫຼິ້ນຮອດ .*: ທ່ານຖອນເງິນ ແລະ ເບິ່ງປະຫວັດໄດ້ເທົ່ານັ້ນ/)).toBeVisible();

  await tryDeposit(page, '100000');
  await expect(page.getByText(lo.errors.PLAYER_TIMED_OUT)).toBeVisible();

  await openApp(page, '/player/withdraw');
  await choose(page, lo.money.withdraw.provider, 'Alphabet');
  await page.getByLabel(lo.money.withdraw.amount).fill('100');
  await page.getByRole('button', { name: lo.money.withdraw.submit }).click();
  await expect(page.getByText(lo.money.withdraw.success)).toBeVisible();

  // Another player picks up the phone later: this one logs in again and is taken to withdrawing, told why.
  await openPlayerMenuItem(page, username, lo.layout.navbar.logout);
  await expect(page).toHaveURL(/\/$|\/login/);
  await submitLogin(page, username);
  await expect(page).toHaveURL(/\/player\/withdraw$/);
  await expect(page.getByText(/ທ່ານກຳລັງພັກການຫຼິ້ນຮອດ/)).toBeVisible();
});

test('the daily play-time limit holds inside a game: the game stops taking bets and the site says why', async ({
  page,
  request,
  baseURL,
  watch,
}) => {
  watch.allow('/api/v2/sandbox/studio/rounds', 403);
  const dataDir = process.env.E2E_SITE_DATA_DIR ?? '';
  const username = uniqueUsername('playtime');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await addBankAccount(page, accountNumber());
  await depositViaApi(page, baseURL!, 'askmebet', 100000);
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  ops(['players', 'limits', username, 'play-time', 'day', '15'], env);
  // 14 minutes 52 seconds already played today (sandbox tool): the limit falls a few seconds into the game.
  ops(['players', 'play-time', username, '14.87'], env);

  await page.goto('/player/game/askmebet/play/amb-slot-001');
  const view = page.getByRole('dialog', { name: 'Golden Naga' });
  await expect(view).toBeVisible();
  const game = page.frameLocator('iframe[title="Golden Naga"]');
  const spin = game.getByRole('button', { name: 'ໝຸນ', exact: true });
  await spin.click();
  await expect(spin).toBeEnabled();

  // The site's own count ends the day's play, over the game view.
  const over = page.getByRole('dialog', { name: t.playTime.reachedTitle });
  await expect(over).toBeVisible({ timeout: 20_000 });
  // And the provider refuses the next bet, saying why in the game itself (the dialog's mask covers the
  // game, so the press is sent to the button directly, as a player's tap would have been a moment earlier).
  await page.waitForTimeout(1_000);
  await spin.dispatchEvent('click');
  await expect(game.getByRole('alert')).toContainText('ທ່ານຫຼິ້ນຄົບເວລາທີ່ກຳນົດຂອງມື້ນີ້ແລ້ວ');
  // The session ended with it: the next call is unauthorised, and the dialog's button logs out.
  expect((await page.request.get('/api/v2/players/credits/askmebet')).status()).toBe(401);
  await over.getByRole('button', { name: t.playTime.logout }).click();
  await expect(page).toHaveURL(/\/login/);
});
