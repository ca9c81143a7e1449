/**
 * The few browser navigations the app performs outside the router. Kept in one object so tests can
 * replace them (jsdom cannot reload or open windows).
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  open(url: string): void {
    window.open(url, '_blank', 'noopener');
  },
};
