import { screen, waitFor } from '@testing-library/react';

/**
 * The live status region saying `text`. A page still loading shows its own status (the loading bar), so
 * the first status found is not necessarily the notice a test waits for.
 */
export async function findStatusSaying(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const notice = screen
      .getAllByRole('status')
      .find((element) =>
        typeof text === 'string' ? element.textContent?.includes(text) : text.test(element.textContent ?? ''),
      );
    if (!notice) throw new Error(`no status says ${String(text)}`);
    return notice;
  });
}
