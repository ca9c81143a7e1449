import type { BankCode, Provider } from '@/api';
import { PROVIDERS } from '@core/providers';

/**
 * The provider and paying bank of the player's last deposit on this device: the next deposit form starts
 * with them (a player tops up the wallet they play at, from the bank app they use). Kept per player, so a
 * shared phone does not hand one player's choices to another; storage may be unavailable (private mode),
 * then nothing is remembered.
 */
export interface DepositChoice {
  provider?: Provider;
  bank?: BankCode;
}

const key = (playerId: string) => `lastDeposit:${playerId}`;

export function isProvider(value: unknown): value is Provider {
  return PROVIDERS.some((p) => p === value);
}

export function readLastDeposit(playerId: string | undefined): DepositChoice {
  if (!playerId) return {};
  try {
    const stored = JSON.parse(localStorage.getItem(key(playerId)) ?? '{}') as Record<string, unknown>;
    return {
      provider: isProvider(stored.provider) ? stored.provider : undefined,
      // Checked against the banks offered when the form is drawn (an unknown one simply stays unchosen).
      bank: typeof stored.bank === 'string' ? (stored.bank as BankCode) : undefined,
    };
  } catch {
    return {};
  }
}

export function rememberDeposit(playerId: string, choice: Required<DepositChoice>): void {
  try {
    localStorage.setItem(key(playerId), JSON.stringify(choice));
  } catch {
    // no storage: nothing to remember
  }
}
