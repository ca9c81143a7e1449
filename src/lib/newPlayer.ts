/**
 * Registration does not sign in (docs/player-site.md): the username just registered on this device is kept
 * for the tab's life, so the first login after it can offer a deposit limit (issue 14, "right after
 * registration"). Storage may be unavailable (private mode): then the offer is simply not made.
 */
const KEY = 'newPlayer';

export function rememberNewPlayer(username: string): void {
  try {
    sessionStorage.setItem(KEY, username);
  } catch {
    // no storage: nothing to remember
  }
}

export function isNewPlayer(username: string): boolean {
  try {
    return sessionStorage.getItem(KEY) === username;
  } catch {
    return false;
  }
}

export function forgetNewPlayer(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // no storage: nothing to forget
  }
}
