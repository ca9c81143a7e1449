import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, password, phoneSizedJourneys, test, uniqueUsername } from './fixtures';
import { payOnSandboxBank } from './helpers';
import { lo } from './texts';

/** The goal (issue 27): from `/` to a finished first game round in at most this many taps. */
const MOST_TAPS = 12;

// The sandbox studio's own Lao texts (studio/src/texts.ts): what a player presses and reads in the game.
const STUDIO = { spin: 'ໝຸນ', noWin: 'ຮອບນີ້ບໍ່ຊະນະ', won: 'ທ່ານຊະນະ' };

/**
 * Every tap and every field filled on the site, as a new player does them. The sandbox bank's steps are
 * not counted: a real player pays in their own bank app.
 */
class Taps {
  readonly done: string[] = [];

  async tap(what: string, target: Locator): Promise<void> {
    this.done.push(what);
    await target.click();
  }

  async fill(what: string, field: Locator, text: string): Promise<void> {
    this.done.push(what);
    await field.fill(text);
  }

  async select(what: string, field: Locator, label: string): Promise<void> {
    this.done.push(what);
    await field.selectOption({ label });
  }
}

/** A form field by its label (required fields carry antd's '*' in their accessible name). */
function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^\\*?\\s*${label}$`)).first();
}

/** A pre-rendered page takes typing once React has taken it over. */
async function live(page: Page): Promise<void> {
  await page.locator('#root:not([data-prerendered])').waitFor();
}

for (const viewport of [
  { width: 360, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`on a ${viewport.width} px phone`, () => {
    test.use({ viewport });
    phoneSizedJourneys();

    test(`a new player goes from / to a finished first round in at most ${MOST_TAPS} taps`, async ({
      page,
      context,
    }) => {
      test.setTimeout(120_000);
      const taps = new Taps();
      const username = uniqueUsername('first');

      await page.goto('/');
      await live(page);
      await taps.tap('Register', page.getByRole('link', { name: lo.common.home.register }).first());

      // Registering signs the player in and lands on deposit: no login form to fill again.
      await expect(page).toHaveURL(/\/register$/);
      await live(page);
      await taps.fill('username', field(page, lo.auth.fields.username), username);
      await taps.fill('password', field(page, lo.auth.fields.password), password);
      await taps.fill('confirm password', field(page, lo.auth.fields.confirmPassword), password);
      await taps.tap('Register', page.getByRole('button', { name: lo.auth.register.submit }));
      await expect(page).toHaveURL(/\/player\/deposit$/);
      await expect(page.getByRole('heading', { level: 1, name: lo.money.deposit.title })).toBeVisible();

      // The deposit-limit offer is a card beside the form, not a dialog in the way; no bank account asked.
      await expect(page.getByRole('region', { name: lo.protection.offer.title })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectAccessible(page);

      const provider = field(page, lo.money.deposit.provider);
      await taps.tap('provider', provider.getByText('AskMeBet', { exact: true }));
      await taps.select('paying bank', field(page, lo.money.deposit.bank), 'BCEL');
      // 100,000 LAK, however the language groups its digits.
      await taps.tap('amount', page.getByRole('button', { name: /^100[.,\s]?000$/ }));
      await taps.tap('Create QR', page.getByRole('button', { name: lo.money.deposit.submit }));

      const dialog = page.getByRole('dialog', { name: lo.money.deposit.dialog.title });
      const qrText = await dialog.getByLabel(lo.money.deposit.dialog.qrText, { exact: true }).inputValue();
      await payOnSandboxBank(context, qrText);

      // The dialog notices the payment by itself and offers the game at once.
      const received = page.getByRole('dialog', { name: lo.money.deposit.dialog.receivedTitle });
      await expect(received).toBeVisible();
      await taps.tap('Play now', received.getByRole('link', { name: lo.money.deposit.dialog.playNow }));
      await expect(page).toHaveURL(/\/player\/game\/askmebet$/);

      await taps.tap('Golden Naga', page.getByRole('link', { name: `${lo.layout.game.launch} Golden Naga` }));
      const game = page.frameLocator('iframe[title="Golden Naga"]');
      await expect(game.locator('.balance output')).toHaveText('153,84 THB');
      const spin = game.getByRole('button', { name: STUDIO.spin, exact: true });
      await taps.tap('Spin', spin);
      // The round is over once the studio says how it ended and takes the next spin.
      const outcome = new RegExp(`${STUDIO.noWin}|${STUDIO.won}`);
      await expect(game.getByRole('status').filter({ hasText: outcome })).toBeVisible();
      await expect(spin).toBeEnabled();

      test.info().annotations.push({
        type: 'taps',
        description: `${taps.done.length} at ${viewport.width} px: ${taps.done.join(', ')}`,
      });
      expect(taps.done.length, taps.done.join(', ')).toBeLessThanOrEqual(MOST_TAPS);
    });
  });
}
