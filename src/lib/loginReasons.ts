/**
 * Why the login page was opened, as its address says (`/login?reason=…`): shared by the pages that send a
 * player there (features/auth reads it; the self-exclusion page and the session lifecycle write it).
 */
export const REASON_PARAM = 'reason';
/** The player has just self-excluded (every session ended): the login page says until when, with support. */
export const SELF_EXCLUDED = 'self-excluded';
export const UNTIL_PARAM = 'until';

/** Where a player who has just self-excluded is taken: a public page, nothing of the session kept. */
export function selfExcludedPath(endsAt: string): string {
  return `/login?${new URLSearchParams({ [REASON_PARAM]: SELF_EXCLUDED, [UNTIL_PARAM]: endsAt }).toString()}`;
}
