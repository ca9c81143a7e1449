import type { components } from '../contract/types';
import { saveFingerprint } from '../domain/players';
import { currentSession } from './auth';
import type { HandlerMap } from './types';

type SaveFingerprintBody = { fingerprint: components['schemas']['Fingerprint'] };

export const fingerprintHandlers: HandlerMap = {
  /** Works signed in or not; when signed in, the fingerprint is linked to the player. */
  async saveFingerprint(req, _reply, ctx): Promise<components['schemas']['OkResponse']> {
    const { fingerprint } = req.body as SaveFingerprintBody;
    const session = await currentSession(req, ctx);
    await saveFingerprint(ctx.db, {
      visitorId: fingerprint.fingerprint,
      playerId: session?.playerId ?? null,
      data: fingerprint,
      ip: req.ip,
    });
    return { ok: true };
  },
};
