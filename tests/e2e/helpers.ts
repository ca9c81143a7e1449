import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { exact, lo } from './texts';

/** Chooses an item of the player's menu under the display name in the navbar. */
export async function openPlayerMenuItem(page: Page, username: string, item: string): Promise<void> {
  await page
    .getByRole('button', { name: new RegExp(username) })
    .first()
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

/**
 * Opens a page and waits until the app has taken it over. The money forms are real HTML forms the server
 * answers before the app arrives (src/ui/form/formPost.ts): a journey about what the app does (its toasts,
 * its dialog) waits for it, as a player on a fast phone would meet it.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
}

/** Picks an option of a form field found by its label: a radio group or a select. */
export async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  // Required fields carry antd's '*' in their accessible name.
  const field = page.getByLabel(new RegExp(`^\\*?\\s*${escapeRegExp(label)}$`)).first();
  await field.waitFor();
  if ((await field.getAttribute('role')) === 'radiogroup') {
    await field.getByText(option, { exact: typeof option === 'string' }).click();
    return;
  }
  const value = await field.locator('option', { hasText: option }).first().getAttribute('value');
  await field.selectOption(value ?? '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A holder's name unique to this run: players sharing one are linked accounts, and their withdrawals wait
 * for staff (docs/backoffice.md, "Linked accounts and risk").
 */
export function holderName(): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26)));
  return `SOMCHAI ${letters.join('')}`;
}

export async function addBankAccount(page: Page, accountNumber: string, name = holderName()): Promise<void> {
  await openApp(page, '/player/bank');
  await choose(page, lo.money.bank.bank, 'BCEL');
  await page.getByLabel(lo.money.bank.accountNumber).fill(accountNumber);
  await page.getByLabel(lo.money.bank.accountName).fill(name);
  await choose(page, lo.money.bank.currency, 'LAK');
  await page.getByRole('button', { name: lo.money.bank.submit }).click();
}

/** Adds a fresh BCEL account for the logged-in page's player through the API (the journey is elsewhere). */
export async function addBankAccountViaApi(page: Page, baseURL: string): Promise<void> {
  const added = await page.request.post('/api/v2/players/bank-accounts', {
    headers: { origin: baseURL },
    data: {
      bank: 'bcel',
      accountNumber: accountNumber(),
      accountName: holderName(),
      currency: 'LAK',
    },
  });
  expect(added.status()).toBe(201);
}

/** A 13-digit BCEL-style account number that no other journey uses. */
export function accountNumber(): string {
  return `0101${Date.now().toString().slice(-8)}${Math.floor(Math.random() * 10)}`;
}

/** The credit shown on a provider's game page, as a number of baht. */
export async function creditOn(page: Page, provider: string): Promise<number> {
  const res = await page.request.get(`/api/v2/players/credits/${provider}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { credit: { amount: string } };
  return Number(body.credit.amount);
}

/** Runs the operator command the way an operator would, against the running site's data. */
export function ops(args: string[], env: Record<string, string>): string {
  return execFileSync('npx', ['tsx', 'server/src/ops/cli.ts', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

/** Opens a deposit for the logged-in player at a provider, unpaid: its order and the QR text to pay. */
export async function openDepositViaApi(
  page: Page,
  baseURL: string,
  provider: string,
  amountLak: number,
): Promise<{ code: string; qrText: string }> {
  const currencies = (await (await page.request.get('/api/v2/currencies')).json()) as {
    currencies: Array<{ mid: string; currency: string }>;
  };
  const mid = currencies.currencies.find((c) => c.currency === 'LAK')!.mid;
  const created = await page.request.post('/api/v2/deposits', {
    headers: {
      origin: baseURL,
      'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    data: { provider, mid, bank: 'bcel', amount: amountLak },
  });
  expect(created.status()).toBe(201);
  const { order, qr } = (await created.json()) as { order: { code: string }; qr: { qrText: string } };
  return { code: order.code, qrText: qr.qrText };
}

/**
 * Funds the logged-in player at a provider through the real deposit path: create the order, pay its QR at
 * the sandbox bank, check it (no bank account needed). Returns the order's code.
 */
export async function depositViaApi(
  page: Page,
  baseURL: string,
  provider: string,
  amountLak: number,
): Promise<string> {
  const { code, qrText } = await openDepositViaApi(page, baseURL, provider, amountLak);
  const paid = await page.request.post('/api/v2/sandbox/bank/pay', {
    headers: { origin: baseURL },
    data: { qrText },
  });
  expect(paid.ok()).toBe(true);
  const checked = await page.request.post(`/api/v2/deposits/${code}/check`, {
    headers: { origin: baseURL },
  });
  expect(checked.ok()).toBe(true);
  return code;
}

/**
 * What a page rendered with its data must not do once the app takes it over: be drawn again (React's
 * recoverable hydration error, which main.tsx logs as "rendered again") or ask for the answers it came
 * with. Collects both from now on; `asks` picks the requests that count.
 */
export function watchTakeOver(page: Page, asks: (url: URL) => boolean) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (asks(new URL(request.url()))) asked.push(request.url());
  });
  return { drawnAgain: () => warnings.filter((w) => w.includes('rendered again')), asked };
}

/** A tester pays a deposit's QR on the sandbox bank page, in another tab of the same browser. */
export async function payOnSandboxBank(context: BrowserContext, qrText: string): Promise<void> {
  const bank = await context.newPage();
  await bank.goto('/sandbox/bank');
  // The pre-rendered page takes typing once React has taken it over.
  await bank.locator('#root:not([data-prerendered])').waitFor();
  await bank.getByLabel(lo.money.sandbox.qrText).fill(qrText);
  await bank.getByRole('button', { name: exact(lo.money.sandbox.pay) }).click();
  await expect(bank.getByText(lo.money.sandbox.paid)).toBeVisible();
  await bank.close();
}
