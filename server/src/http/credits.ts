import { satangToThb } from '@core/money';
import { PROVIDERS } from '@core/providers';
import { SHOWN_WALLET_MAX_AGE_MS, moveCreditIn, prepareMoveCredit, shownCredit } from '../domain/credits';
import { idempotentCall } from './idempotentCall';
import type { SomeHandlers } from './types';

/** Credit leaves as the contract's decimal string (15384 satang → '153.84'), the one place money does. */
const thb = (satang: number) => ({ amount: satangToThb(satang), currency: 'THB' as const });

export const creditHandlers = {
  /**
   * The ledger's credit, read for each request (with the session: SESSION_READS in auth.ts), with the game
   * results the provider reports booked; the provider's wallet answer may be shared for
   * SHOWN_WALLET_MAX_AGE_MS (domain/credits.ts). When the provider does not answer, the ledger's figure:
   * the page never fails for a silent provider.
   */
  async getPlayerCredit({ session, params }, _reply, ctx) {
    const credit = await shownCredit(ctx, session.playerId, params.game, {
      walletMaxAgeMs: SHOWN_WALLET_MAX_AGE_MS,
      ...(session.bookedCredit?.provider === params.game ? { booked: session.bookedCredit.figures } : {}),
    });
    return { credit: thb(credit) };
  },

  async getPlayerCredits({ session }, _reply, ctx) {
    const credits = await Promise.all(
      PROVIDERS.map(async (provider) => ({
        provider,
        credit: await shownCredit(ctx, session.playerId, provider, {
          walletMaxAgeMs: SHOWN_WALLET_MAX_AGE_MS,
        }),
      })),
    );
    return {
      credits: credits.map(({ provider, credit }) => ({ provider, credit: thb(credit) })),
      total: thb(credits.reduce((sum, c) => sum + c.credit, 0)),
    };
  },

  async moveCredit(req, reply, ctx) {
    const { session, body } = req;
    // No transaction is held across a provider call: both wallets are read before, the transfers sent after.
    return idempotentCall(
      req,
      reply,
      ctx,
      {
        playerId: session.playerId,
        operation: 'moveCredit',
        payload: body,
        prepare: () => prepareMoveCredit(ctx, session.playerId, body),
        deliversTransfers: true,
      },
      async (q) => {
        const moved = await moveCreditIn(q, session.playerId, body);
        return {
          status: 200,
          body: {
            reference: moved.reference,
            from: { provider: body.from, credit: thb(moved.from) },
            to: { provider: body.to, credit: thb(moved.to) },
          },
        };
      },
    );
  },
} satisfies SomeHandlers;
