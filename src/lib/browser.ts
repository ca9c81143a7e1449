/**
 * The few browser navigations the app performs outside the router. Kept in one object so tests can
 * replace them (jsdom cannot reload).
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Loads another page of the site from scratch: nothing of the current page's memory survives. */
  goTo(path: string): void {
    window.location.assign(path);
  },
};
