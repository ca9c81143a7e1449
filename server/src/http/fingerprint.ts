import { saveFingerprint } from '../domain/players/players';
import { beginAddressHit } from '../domain/players/throttle';
import { currentSession } from './auth';
import { tooManyFromAddress } from './tooManyFromAddress';
import type { SomeHandlers } from './types';

export const fingerprintHandlers = {
  /** Works signed in or not (`security: []`); when signed in, the fingerprint is linked to the player. */
  async saveFingerprint(req, reply, ctx) {
    const { fingerprint } = req.body;
    const session = await currentSession(req, ctx);
    // Anonymous posts store a row each: bounded per address (a signed-in player's are tied to the player).
    if (!session) {
      const retryAfter = await beginAddressHit(
        ctx.db,
        'fingerprint',
        req.ip,
        ctx.config.fingerprintsPerIpPerHour,
        3600,
      );
      if (retryAfter > 0) throw tooManyFromAddress(reply, retryAfter);
    }
    await saveFingerprint(ctx.db, {
      visitorId: fingerprint.fingerprint,
      playerId: session?.playerId ?? null,
      data: fingerprint,
      ip: req.ip,
    });
    return { ok: true };
  },
} satisfies SomeHandlers;
