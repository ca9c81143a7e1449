import type { StudioSession } from './api';
import type { Texts } from './texts';

/** What every game view is given by the page: texts, the session, and the page's shared regions. */
export interface Shell {
  t: Texts;
  session: StudioSession;
  /** Shows the wallet after a round step, THB satang. */
  setBalance(satang: number): void;
  /** Says a round's result in the live region (read out by screen readers). */
  announce(text: string): void;
  /** Shows a failed call's text in the alert region; null clears it. */
  showError(error: unknown): void;
}
