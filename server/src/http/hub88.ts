import { createVerify } from 'node:crypto';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { components } from '@core/contract';
import type { ProviderCode } from '../adapters';
import type { AppContext } from '../context';
import {
  creditWalletWin,
  endWalletRound,
  placeWalletBet,
  rollbackWalletBet,
  walletBalance,
  walletPlayerOf,
} from '../domain/games/seamlessWallet';
import { DomainError } from '../errors';
import type { SomeHandlers } from './types';

type Hub88Answer = components['schemas']['Hub88Answer'];
type Hub88Status = Hub88Answer['status'];
type ErrorCode = components['schemas']['ErrorCode'];

/**
 * Hub88's dialect of the seamless wallet (docs/games.md, "Hub88 dialect"), an adapter over the same wallet
 * operations as the site's own calls: Hub88's field names, its amounts in 1/100,000 of the currency unit
 * (1 satang = 1,000), its RSA signature and its RS_* statuses, always with HTTP 200 (a request the contract
 * refuses gets the site's 400). Hub88's transaction ids, rounds and the game session token map one to one
 * onto the wallet's transaction id, round id and player reference; `user` must be the token's player.
 */

/** Hub88 amounts are 1/100,000 of the currency unit; the credit is kept in satang (1/100). */
const UNITS_PER_SATANG = 1_000;

const STATUS_OF: Partial<Record<ErrorCode, Hub88Status>> = {
  WALLET_SIGNATURE_INVALID: 'RS_ERROR_INVALID_SIGNATURE',
  WALLET_PLAYER_UNKNOWN: 'RS_ERROR_INVALID_TOKEN',
  WALLET_SESSION_ENDED: 'RS_ERROR_TOKEN_EXPIRED',
  WALLET_GAME_UNKNOWN: 'RS_ERROR_INVALID_GAME',
  WALLET_CURRENCY_MISMATCH: 'RS_ERROR_WRONG_CURRENCY',
  WALLET_INSUFFICIENT_FUNDS: 'RS_ERROR_NOT_ENOUGH_MONEY',
  WALLET_TRANSACTION_CONFLICT: 'RS_ERROR_DUPLICATE_TRANSACTION',
  WALLET_BET_NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  WALLET_ROUND_NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  WALLET_BET_ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  WALLET_ROUND_MISMATCH: 'RS_ERROR_WRONG_SYNTAX',
  WALLET_ROUND_ENDED: 'RS_ERROR_UNKNOWN',
  WALLET_NOT_SEAMLESS: 'RS_ERROR_UNKNOWN',
  VALIDATION_ERROR: 'RS_ERROR_WRONG_TYPES',
  PLAYER_TIMED_OUT: 'RS_ERROR_USER_DISABLED',
  PLAYER_SELF_EXCLUDED: 'RS_ERROR_USER_DISABLED',
  PLAYER_BLOCKED: 'RS_ERROR_USER_DISABLED',
  PLAY_TIME_LIMIT_REACHED: 'RS_ERROR_LIMIT_REACHED',
  LOSS_LIMIT_EXCEEDED: 'RS_ERROR_LIMIT_REACHED',
};

/** Hub88's amount in satang; a fraction of a satang is no amount the credit can hold. */
function satang(amount: number): number {
  if (amount % UNITS_PER_SATANG !== 0)
    throw new DomainError('VALIDATION_ERROR', 'amount: whole satang only (multiples of 1,000)', [
      { field: 'amount', message: 'multiples of 1000' },
    ]);
  return amount / UNITS_PER_SATANG;
}

interface Common {
  user: string;
  token: string;
  request_uuid: string;
}

/**
 * Runs one wallet operation for a Hub88 call and answers in Hub88's terms: RS_OK with the balance, or the
 * refusal's status (with the balance where Hub88 asks for it, e.g. RS_ERROR_NOT_ENOUGH_MONEY).
 */
async function answer(
  ctx: AppContext,
  provider: ProviderCode,
  body: Common,
  run: () => Promise<{ balance: number }>,
): Promise<Hub88Answer> {
  const base = { user: body.user, request_uuid: body.request_uuid, currency: 'THB' };
  try {
    const { playerId } = await walletPlayerOf(ctx.db, provider, body.token);
    if (playerId !== body.user) return { ...base, status: 'RS_ERROR_INVALID_TOKEN' };
    const { balance } = await run();
    return { ...base, status: 'RS_OK', balance: balance * UNITS_PER_SATANG };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const status = STATUS_OF[err.code] ?? 'RS_ERROR_UNKNOWN';
    const balance = err.details?.find((d) => d.field === 'balance')?.message;
    return {
      ...base,
      status,
      ...(balance !== undefined ? { balance: Number(balance) * UNITS_PER_SATANG } : {}),
    };
  }
}

export const hub88Handlers = {
  async getHub88Balance({ params, body }, _reply, ctx) {
    return answer(ctx, params.provider, body, () =>
      walletBalance(ctx, params.provider, { player: body.token }),
    );
  },

  async placeHub88Bet({ params, body }, _reply, ctx) {
    return answer(ctx, params.provider, body, async () => {
      const placed = await placeWalletBet(ctx, params.provider, {
        transactionId: body.transaction_uuid,
        roundId: body.round,
        gameId: body.game_code,
        player: body.token,
        amount: satang(body.amount),
        currency: body.currency,
      });
      // A bet that closes its round: nothing will be won in it.
      if (body.round_closed)
        return endWalletRound(ctx, params.provider, {
          roundId: body.round,
          gameId: body.game_code,
          player: body.token,
        });
      return placed;
    });
  },

  async creditHub88Win({ params, body }, _reply, ctx) {
    return answer(ctx, params.provider, body, () =>
      creditWalletWin(ctx, params.provider, {
        transactionId: body.transaction_uuid,
        betTransactionId: body.reference_transaction_uuid,
        roundId: body.round,
        gameId: body.game_code,
        player: body.token,
        amount: satang(body.amount),
        currency: body.currency,
        endRound: body.round_closed === true,
      }),
    );
  },

  async rollbackHub88Transaction({ params, body }, _reply, ctx) {
    return answer(ctx, params.provider, body, () =>
      rollbackWalletBet(ctx, params.provider, {
        transactionId: body.transaction_uuid,
        betTransactionId: body.reference_transaction_uuid,
        roundId: body.round,
        gameId: body.game_code,
        player: body.token,
        currency: 'THB',
      }),
    );
  },
} satisfies SomeHandlers;

/**
 * Hub88's signature: RSA-SHA256 over the raw body with Hub88's private key, base64 in X-Hub88-Signature,
 * checked with HUB88_PUBLIC_KEY. Hub88 signs no time: a replayed call is answered as its first delivery was
 * (every transaction is applied once). Without a key every call is refused. Answered in Hub88's terms.
 */
export function hub88Checks(ctx: AppContext): () => preHandlerAsyncHookHandler {
  return () => async (req, reply) => {
    const key = ctx.config.hub88PublicKey;
    const signature = req.headers['x-hub88-signature'];
    const raw = typeof req.rawBody === 'string' ? req.rawBody : '';
    let valid = false;
    if (key !== '' && typeof signature === 'string') {
      try {
        valid = createVerify('RSA-SHA256').update(raw).verify(key, signature, 'base64');
      } catch {
        valid = false;
      }
    }
    if (valid) return;
    const body = (req.body ?? {}) as Partial<Common>;
    await reply.code(200).send({
      status: 'RS_ERROR_INVALID_SIGNATURE',
      request_uuid: typeof body.request_uuid === 'string' ? body.request_uuid : '',
      ...(typeof body.user === 'string' ? { user: body.user } : {}),
    } satisfies Hub88Answer);
  };
}
