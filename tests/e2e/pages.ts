/**
 * The site's pages, as the page-wide checks visit them (accessibility, phone widths, touch targets, theme
 * colours, words in the page's language): one list, so a new page is checked by all of them.
 */

/** Pages a visitor opens without a session. */
export const PUBLIC_PAGES = ['/', '/games/alphabet', '/login', '/register', '/sandbox/bank', '/no/such/page'];

/** A logged-in player's pages with a fixed address. */
export const PLAYER_PAGES = [
  '/player/game/alphabet',
  '/player/game/askmebet?tab=Slot',
  '/player/games?tab=Fish',
  '/player/deposit',
  '/player/deposit/history',
  '/player/withdraw',
  '/player/withdraw/history',
  '/player/bank',
  '/player/promotion',
  '/player/promotion/history',
  '/player/rewards',
  '/player/responsible-gaming',
  '/player/activity',
  '/player/sessions',
];

/** The game view of a player without credit at its provider: its refusal, with the way to deposit. */
export const GAME_VIEW_WITHOUT_CREDIT = '/player/game/askmebet/play/amb-slot-001';

/** The language each page names in `<html lang>` once its texts are drawn. */
export const HTML_LANG = { lo: 'lo', th: 'th', cn: 'zh-Hans', vn: 'vi' } as const;
export type Language = keyof typeof HTML_LANG;
