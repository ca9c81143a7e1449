import { saveFingerprint } from '../domain/players';
import { currentSession } from './auth';
import type { SomeHandlers } from './types';

export const fingerprintHandlers = {
  /** Works signed in or not (`security: []`); when signed in, the fingerprint is linked to the player. */
  async saveFingerprint(req, _reply, ctx) {
    const { fingerprint } = req.body;
    const session = await currentSession(req, ctx);
    await saveFingerprint(ctx.db, {
      visitorId: fingerprint.fingerprint,
      playerId: session?.playerId ?? null,
      data: fingerprint,
      ip: req.ip,
    });
    return { ok: true };
  },
} satisfies SomeHandlers;
