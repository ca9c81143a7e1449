import { expect, password, registerViaApi, test, uniqueUsername } from './fixtures';
import { openDepositViaApi } from './helpers';
import { openSettled } from './pageChecks';
import { lo } from './texts';

/**
 * Toasts never cover a dialog's buttons (issue 27, item 6): a deposit credited while its QR dialog is open
 * says so in a toast, and every button of the dialog stays where the player can tap it.
 */
test('the toast of a deposit credited while its dialog is open covers none of its buttons', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const username = uniqueUsername('toast');
  await registerViaApi(request, baseURL!, username);
  const login = await page.request.post('/api/v2/players/login', {
    headers: { origin: baseURL! },
    data: { username, password },
  });
  expect(login.ok()).toBe(true);
  const { qrText } = await openDepositViaApi(page, baseURL!, 'alphabet', 94_000);
  await openSettled(page, '/player/deposit');
  await page.getByRole('button', { name: lo.money.deposit.open.show }).click();
  const dialog = page.getByRole('dialog', { name: lo.money.deposit.dialog.title });
  // The player pays what the dialog shows: the QR has arrived before the bank is paid.
  await expect(dialog.getByLabel(lo.money.deposit.dialog.qrLabel)).toBeVisible();

  // Paid at the bank: the server pushes the payment, the dialog shows its success and a toast says so.
  const paid = await page.request.post('/api/v2/sandbox/bank/pay', {
    headers: { origin: baseURL! },
    data: { qrText },
  });
  expect(paid.ok()).toBe(true);
  const toast = page.locator('.toaster [role=status]');
  await expect(toast).toBeVisible();
  await expect(page.getByRole('button', { name: lo.money.deposit.dialog.done })).toBeVisible();
  await page.waitForTimeout(500); // the toast's own entrance

  const covered = await page.evaluate(() => {
    const toastBox = document.querySelector('.toaster [role=status]')!.getBoundingClientRect();
    const overlaps = (a: DOMRect, b: { left: number; right: number; top: number; bottom: number }) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return [...document.querySelectorAll('[role=dialog] button')]
      .filter((button) => {
        const box = button.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        // Only the part the dialog's scroll area shows: what is scrolled out of it is not under the toast.
        const area = button.closest('.ant-modal-wrap')!.getBoundingClientRect();
        const shown = {
          left: Math.max(box.left, area.left),
          right: Math.min(box.right, area.right),
          top: Math.max(box.top, area.top),
          bottom: Math.min(box.bottom, area.bottom),
        };
        return shown.top < shown.bottom && overlaps(toastBox, shown);
      })
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
  });
  expect(covered).toEqual([]);
});
