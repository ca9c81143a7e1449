import type { Queryable } from '../db/types';
import type { components } from '@core/contract';

export type ProviderCode = components['schemas']['Provider'];

/**
 * A game provider's wallet API. Every call that moves credit carries our reference and is idempotent by
 * it: a repeated transferIn/Out with the same ref returns the first result without moving credit again.
 *
 * `q` is the caller's database transaction. The sandbox keeps its wallet in its own table and writes in
 * that transaction, so the ledger and the provider wallet commit or roll back together. A real remote
 * provider cannot join our transaction: it needs an outbox (record the intended call in the transaction,
 * call the provider after commit, retry by ref) and a reconciler comparing provider balances with the
 * ledger. The ref-idempotency below is what makes those retries safe.
 */
export interface GameProvider {
  readonly code: ProviderCode;
  balance(q: Queryable, playerId: string): Promise<number>;
  transferIn(q: Queryable, playerId: string, amountSatang: number, ref: string): Promise<void>;
  /** Throws ProviderInsufficientCredit when the player has less credit than asked. */
  transferOut(q: Queryable, playerId: string, amountSatang: number, ref: string): Promise<void>;
  launchUrl(playerId: string, gameId: string | undefined): string;
}

export class ProviderInsufficientCredit extends Error {
  constructor(readonly available: number) {
    super('provider credit not enough');
    this.name = 'ProviderInsufficientCredit';
  }
}

export interface QrRequest {
  billNumber: string;
  merchantId: string;
  amountLak: number;
  expiresAt: Date;
}

export type GatewayStatus = 'PENDING' | 'SUCCESS' | 'EXPIRED' | 'FAILED';

export interface GatewayQuery {
  status: GatewayStatus;
  /** The bank's reference of the payment, when paid. */
  reference?: string;
  amount?: number;
  paidAt?: Date;
}

/** The LAO QR payment gateway: registers a dynamic QR per order and answers queries by bill number. */
export interface PaymentGateway {
  createQr(q: Queryable, req: QrRequest): Promise<void>;
  query(q: Queryable, billNumber: string): Promise<GatewayQuery>;
}

export interface PayoutRequest {
  orderCode: string;
  bank: string;
  accountNumber: string;
  accountName: string;
  amountLak: number;
}

/** Sends LAK to a player's bank account; idempotent by order code. Returns the payout reference. */
export interface PayoutAdapter {
  pay(q: Queryable, req: PayoutRequest): Promise<string>;
}
