import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import type { SomeHandlers } from '../site';
import { playStudioRound, settleStudioRound } from './rounds';
import { openStudioSession } from './sessions';

function requireSandbox(ctx: AppContext): void {
  if (!ctx.config.sandbox) throw new DomainError('SANDBOX_DISABLED', 'The sandbox game studio is disabled');
}

/** The studio's API (tag SandboxStudio): called by the studio page inside the site's game view. */
export const studioHandlers = {
  async openStudioSession({ body }, _reply, ctx) {
    requireSandbox(ctx);
    return openStudioSession(ctx, body);
  },

  async playStudioRound({ body }, _reply, ctx) {
    requireSandbox(ctx);
    return playStudioRound(ctx, body);
  },

  async settleStudioRound({ params, body }, _reply, ctx) {
    requireSandbox(ctx);
    return settleStudioRound(ctx, { session: body.session, roundId: params.roundId });
  },
} satisfies SomeHandlers;
