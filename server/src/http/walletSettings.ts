import { setWalletSettings, walletSettings } from '../domain/players/walletSettings';
import type { SomeHandlers } from './types';

export const walletSettingsHandlers = {
  async getWalletSettings({ session }, _reply, ctx) {
    return walletSettings(ctx.db, session.playerId);
  },

  async setWalletSettings({ session, body }, _reply, ctx) {
    return setWalletSettings(ctx.db, session.playerId, body);
  },
} satisfies SomeHandlers;
