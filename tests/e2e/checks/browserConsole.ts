import type { Page } from '@playwright/test';

/**
 * What the browser's console may say on the site's pages without anything being wrong: its own line for
 * each refused request the site expects (a visitor's session probe answers 401, which is how the site
 * learns nobody is signed in), and its notice of a service worker the test blocks. Everything else a page
 * writes as an error or warning fails a journey (fixtures.ts) and counts against the bench (bench/run.mts).
 */
export interface ExpectedRefusal {
  path: string;
  status: number;
}

export const VISITOR_PROBES: readonly ExpectedRefusal[] = [
  { path: '/api/v2/players/info', status: 401 },
  { path: '/api/v2/players/profile', status: 401 },
  // The same probe on a /player page (src/api/sessionBoot.ts).
  { path: '/api/v2/players/session', status: 401 },
];

const EXPECTED_TEXTS: readonly RegExp[] = [/Service Worker registration blocked/i];

/** Whether a console message is one of the expected: a refusal listed in `refusals`, or a known notice. */
export function expectedConsoleMessage(
  text: string,
  where: string | undefined,
  refusals: readonly ExpectedRefusal[],
  patterns: readonly RegExp[] = [],
): boolean {
  const refused = /status of (\d{3})/.exec(text);
  if (refused && where) {
    const path = new URL(where).pathname;
    const status = Number(refused[1]);
    if (refusals.some((a) => path.startsWith(a.path) && a.status === status)) return true;
  }
  return [...EXPECTED_TEXTS, ...patterns].some((pattern) => pattern.test(text));
}

/** Collects a page's unexpected console errors and warnings, and its uncaught errors, into `problems`. */
export function watchBrowserConsole(
  page: Page,
  problems: string[],
  refusals: readonly ExpectedRefusal[] = VISITOR_PROBES,
  patterns: readonly RegExp[] = [],
  label = '',
): void {
  const prefix = label ? `${label}: ` : '';
  page.on('pageerror', (error) => problems.push(`${prefix}page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const where = message.location().url || undefined;
    if (expectedConsoleMessage(message.text(), where, refusals, patterns)) return;
    problems.push(`${prefix}console ${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`);
  });
}
