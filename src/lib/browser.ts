/**
 * The few browser navigations the app performs outside the router. Kept in one object so tests can
 * replace them (jsdom cannot reload).
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};
