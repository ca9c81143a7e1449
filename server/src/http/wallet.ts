import {
  creditWalletWin,
  endWalletRound,
  openWalletSession,
  placeWalletBet,
  rollbackWalletBet,
  walletBalance,
} from '../domain/games/seamlessWallet';
import type { SomeHandlers } from './types';

/** The seamless wallet (tag Wallet): called by game providers, signed (walletAuth.ts); docs/games.md. */
export const walletHandlers = {
  async openWalletSession({ params, body }, _reply, ctx) {
    return openWalletSession(ctx, params.provider, body);
  },

  async getWalletBalance({ params, body }, _reply, ctx) {
    return walletBalance(ctx, params.provider, body);
  },

  async placeWalletBet({ params, body }, _reply, ctx) {
    return placeWalletBet(ctx, params.provider, body);
  },

  async creditWalletWin({ params, body }, _reply, ctx) {
    return creditWalletWin(ctx, params.provider, body);
  },

  async rollbackWalletBet({ params, body }, _reply, ctx) {
    return rollbackWalletBet(ctx, params.provider, body);
  },

  async endWalletRound({ params, body }, _reply, ctx) {
    return endWalletRound(ctx, params.provider, body);
  },
} satisfies SomeHandlers;
