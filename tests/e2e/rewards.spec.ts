import type { Page } from '@playwright/test';
import { periodOf } from '../../core/rewardPeriods';
import promotion from '../../public/locales/lo/promotion.json';
import { expect, logIn, onPhoneOnly, password, registerViaApi, test, uniqueUsername } from './fixtures';
import {
  accountNumber,
  addBankAccount,
  creditOn,
  depositViaApi,
  openApp,
  openPlayerMenuItem,
  ops,
} from './helpers';
import { exact, lo } from './texts';

const r = promotion.rewards;

/**
 * Plays slot rounds at alphabet through the sandbox studio until the player is behind the 153.84 THB they
 * deposited. A round starts at 1 THB; after a win the stake rises to the largest the balance allows, so a
 * lucky start does not keep the player ahead for long (the games keep a house edge).
 */
async function loseSomething(page: Page, baseURL: string): Promise<void> {
  const launched = await page.request.post('/api/v2/games/launch', {
    headers: { origin: baseURL },
    data: { provider: 'alphabet', gameId: 'alp-slot-001' },
  });
  expect(launched.ok()).toBe(true);
  const token = new URL((await launched.json()).url as string, baseURL).searchParams.get('token');
  const opened = await page.request.post('/api/v2/sandbox/studio/sessions', {
    headers: { origin: baseURL },
    data: { provider: 'alphabet', gameId: 'alp-slot-001', token },
  });
  expect(opened.ok()).toBe(true);
  const { session, bets } = (await opened.json()) as { session: string; bets: number[] };
  let balance = 15_384;
  for (let round = 0; round < 200; round += 1) {
    const bet = balance > 15_384 ? Math.max(...bets.filter((b) => b <= balance)) : Math.min(...bets);
    const played = await page.request.post('/api/v2/sandbox/studio/rounds', {
      headers: { origin: baseURL },
      data: { session, bet, lines: 1 },
    });
    expect(played.ok()).toBe(true);
    balance = ((await played.json()) as { balanceAfter: number }).balanceAfter;
    if (balance < 15_384) return;
  }
  throw new Error('200 rounds and never behind');
}

test('a losing week pays its cashback: the player sees it coming, then credited with its turnover', async ({
  page,
  request,
  baseURL,
}) => {
  onPhoneOnly(page);
  const env = { DATA_DIR: process.env.E2E_SITE_DATA_DIR ?? '', DATABASE_URL: '' };
  // 10 % of any loss, so a round or two shows a cashback (no other journey reads the cashback).
  ops(
    ['rewards', 'settings', '--rate', '10', '--min-loss', '0.01', '--payment', 'auto', '--turnover', '1'],
    env,
  );
  const username = uniqueUsername('cashback');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await addBankAccount(page, accountNumber());
  await depositViaApi(page, baseURL!, 'alphabet', 100000);
  await loseSomething(page, baseURL!);
  const credit = await creditOn(page, 'alphabet');
  const lost = Math.round((153.84 - credit) * 100);
  const cashback = Math.floor(lost / 10);

  // One tap from the drawer.
  await page.getByRole('button', { name: lo.layout.drawer.open }).click();
  await page.getByRole('link', { name: lo.layout.menu.rewards }).click();
  await expect(page).toHaveURL(/\/player\/rewards$/);
  const amount = (satang: number) => `${Math.floor(satang / 100)},${String(satang % 100).padStart(2, '0')}`;
  await expect(page.getByText(r.reason.PAYS.replace('{{amount}}', amount(cashback)))).toBeVisible();
  await expect(page.getByText(r.empty)).toBeVisible();

  // The week ends (the sandbox operator settles this player's week now instead of waiting for Monday).
  const week = periodOf('WEEK', new Date()).name;
  expect(ops(['rewards', 'run', week, '--early', '--player', username], env)).toContain('1 paid');
  await page.reload();
  const paid = page.locator('.ant-card').filter({ hasText: r.statuses.PAID });
  await expect(paid).toContainText(`${amount(cashback)} THB`);
  await expect(paid).toContainText('Alphabet');
  await expect(paid.getByRole('progressbar')).toBeVisible();
  expect(await creditOn(page, 'alphabet')).toBeCloseTo(credit + cashback / 100, 2);
  // Paid once: running the week again pays no one twice.
  expect(ops(['rewards', 'run', week, '--early', '--player', username], env)).toContain('now 0 paid');
});

test('a check-in day is claimed once the day has a deposit and play, and lands on the credit', async ({
  page,
  request,
  baseURL,
}) => {
  onPhoneOnly(page);
  const env = { DATA_DIR: process.env.E2E_SITE_DATA_DIR ?? '', DATABASE_URL: '' };
  ops(['rewards', 'check-in', '--min-deposit', '100000', '--min-turnover', '0.01', '--day-reward', '5'], env);
  const username = uniqueUsername('checkin');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await addBankAccount(page, accountNumber());
  await depositViaApi(page, baseURL!, 'alphabet', 100000);

  await openApp(page, '/player/rewards');
  const c = r.checkIn;
  await expect(page.getByText(c.reason.NOT_QUALIFIED)).toBeVisible();
  await loseSomething(page, baseURL!);
  await page.reload();
  const credit = await creditOn(page, 'alphabet');
  await page.getByRole('button', { name: c.claim.replace('{{amount}}', '5,00') }).click();
  await expect(
    page.getByText(c.claimed.replace('{{amount}}', '5,00').replace('{{provider}}', 'Alphabet')),
  ).toBeVisible();
  await expect(page.getByText(c.reason.CLAIMED)).toBeVisible();
  const today = page.getByRole('list', { name: c.month }).locator('[aria-current="date"]');
  const dayOfMonth = String(Number(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(8, 10)));
  await expect(today).toHaveAttribute(
    'aria-label',
    c.dayClaimed.replace('{{day}}', dayOfMonth).replace('{{amount}}', '5,00'),
  );
  expect(await creditOn(page, 'alphabet')).toBeCloseTo(credit + 5, 2);
});

test('a friend registers through the link, deposits and plays; the referrer sees the commission and claims it', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  onPhoneOnly(page);
  const env = { DATA_DIR: process.env.E2E_SITE_DATA_DIR ?? '', DATABASE_URL: '' };
  ops(
    ['rewards', 'referral', '--basis', 'stakes', '--rate', '10', '--monthly-cap', '10000', '--turnover', '1'],
    env,
  );
  const referrer = uniqueUsername('referrer');
  await registerViaApi(request, baseURL!, referrer);
  await logIn(page, referrer);
  await openApp(page, '/player/rewards');
  const f = r.referral;
  const link = await page.getByRole('textbox', { name: f.link }).inputValue();
  expect(link).toMatch(/\/register\?ref=[A-Z0-9]{8}$/);

  // The friend opens the link on their own phone and registers there.
  const phone = await browser.newContext({
    viewport: { width: 412, height: 915 },
    timezoneId: 'Asia/Bangkok',
    isMobile: true,
  });
  const friendPage = await phone.newPage();
  const friend = uniqueUsername('friend');
  await friendPage.goto(link);
  await friendPage.locator('#root:not([data-prerendered])').waitFor();
  await friendPage.getByLabel(exact(lo.auth.fields.username)).fill(friend);
  await expect(friendPage.getByText(lo.auth.register.usernameAvailable)).toBeVisible();
  await friendPage.getByLabel(exact(lo.auth.fields.password)).fill(password);
  await friendPage.getByLabel(exact(lo.auth.fields.confirmPassword)).fill(password);
  await friendPage.getByRole('button', { name: exact(lo.auth.register.submit) }).click();
  await expect(friendPage).toHaveURL(/\/player\/deposit$/);
  await depositViaApi(friendPage, baseURL!, 'alphabet', 100000);
  await loseSomething(friendPage, baseURL!);
  await creditOn(friendPage, 'alphabet'); // the rounds are booked as the friend's credit is read
  await phone.close();

  // The referrer sees one friend who played, and today's commission: claimable once the day is over.
  await page.reload();
  const panel = page.locator('.ant-card').filter({ hasText: f.title });
  await expect(panel).toContainText(new RegExp(`${f.friends}\\s*1`));
  await expect(panel).toContainText(new RegExp(`${f.friendsPlayed}\\s*1`));
  await expect(panel.getByText(f.reason.NOTHING_YET)).toBeVisible();
  // The sandbox operator closes today for this referrer instead of waiting for midnight.
  expect(ops(['rewards', 'accrue', referrer, '--early'], env)).toMatch(/to claim/);
  await page.reload();
  await page.getByLabel(f.creditTo).selectOption('gclub');
  const before = await creditOn(page, 'gclub');
  await panel.getByRole('button', { name: /^ຮັບ / }).click();
  await expect(page.getByText(new RegExp(`${f.claimed.split('{{amount}}')[0]}.*GClub`))).toBeVisible();
  expect(await creditOn(page, 'gclub')).toBeGreaterThan(before);
  await expect(panel.getByText(f.reason.NOTHING_YET)).toBeVisible();
});

test("a friend registered on the referrer's own browser, or holding the referrer's bank account under a name written another way, earns the referrer nothing", async ({
  page,
  request,
  baseURL,
  browser,
  watch,
}) => {
  onPhoneOnly(page);
  // Signing out ends the session while the page may still be reading the player's protection settings.
  watch.allow('/api/v2/players/protection', 401);
  const env = { DATA_DIR: process.env.E2E_SITE_DATA_DIR ?? '', DATABASE_URL: '' };
  const referrer = uniqueUsername('referrer');
  await registerViaApi(request, baseURL!, referrer);
  await logIn(page, referrer);
  await openApp(page, '/player/rewards');
  const link = await page.getByRole('textbox', { name: r.referral.link }).inputValue();
  const code = new URL(link).searchParams.get('ref')!;

  // Signed out, the referrer registers a second account through the link on the same phone: the browser
  // still carries the device cookie of the referrer's sign-in.
  await openPlayerMenuItem(page, referrer, lo.layout.navbar.logout);
  await expect(page.getByRole('link', { name: exact(lo.layout.navbar.login) }).first()).toBeVisible();
  await page.goto(link);
  await page.locator('#root:not([data-prerendered])').waitFor();
  await page.getByLabel(exact(lo.auth.fields.username)).fill(uniqueUsername('second'));
  await page.getByLabel(exact(lo.auth.fields.password)).fill(password);
  await page.getByLabel(exact(lo.auth.fields.confirmPassword)).fill(password);
  await page.getByRole('button', { name: exact(lo.auth.register.submit) }).click();
  await expect(page).toHaveURL(/\/player\/deposit$/);
  expect(ops(['rewards', 'friends', referrer], env)).toMatch(/^DEVICE\s+1$/m);

  // On another phone, a friend registers through the link and adds, on the bank page, an account whose
  // holder is the referrer's written with a double space and a zero-width space.
  // (The referrer's own account, added through the API session of their registration.)
  const added = await request.post('/api/v2/players/bank-accounts', {
    headers: { origin: baseURL! },
    data: { bank: 'bcel', accountNumber: accountNumber(), accountName: 'KHAMLA SISOMPHONE', currency: 'LAK' },
  });
  expect(added.status()).toBe(201);
  const phone = await browser.newContext({ viewport: { width: 360, height: 800 }, isMobile: true });
  const friendPage = await phone.newPage();
  const friend = uniqueUsername('friend');
  const registered = await friendPage.request.post('/api/v2/players/register', {
    headers: { origin: baseURL! },
    data: {
      username: friend,
      password,
      confirmPassword: password,
      fingerprint: `fp-${friend}`,
      referralCode: code,
    },
  });
  expect(registered.status()).toBe(201);
  await addBankAccount(friendPage, accountNumber(), 'Khamla  Si\u200Bsomphone');
  await expect(friendPage.getByText(lo.money.bank.added)).toBeVisible();
  await phone.close();
  // The holders are compared as the referrer's commission is figured (the Rewards page reads it).
  expect((await request.get('/api/v2/rewards/referral')).ok()).toBe(true);
  expect(ops(['rewards', 'friends', referrer], env)).toMatch(/^BANK_ACCOUNT\s+1$/m);
  expect(ops(['rewards', 'friends', referrer], env)).not.toMatch(/^ACTIVE/m);
});
