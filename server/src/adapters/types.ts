import type { Queryable } from '../db/types';
import type { components } from '@core/contract';

export type ProviderCode = components['schemas']['Provider'];

export type ProviderWallet = components['schemas']['ProviderWallet'];
export type ProviderTransfer = components['schemas']['ProviderTransfer'];
export type TransferDirection = ProviderTransfer['direction'];

export interface TransferRequest {
  /** Our reference: the provider applies it once and answers a repeat with the first result. */
  reference: string;
  playerId: string;
  direction: TransferDirection;
  /** THB satang. */
  amount: number;
}

/**
 * A game provider's transfer-wallet API, reached over HTTP (adapters/providerClient.ts). The provider keeps
 * its own wallet per player; play changes it outside our ledger. Nothing here joins our database
 * transactions: transfers are written to the outbox with the ledger posting and delivered after commit
 * (domain/ledger/outbox.ts), retried under the same reference.
 */
export interface GameProvider {
  readonly code: ProviderCode;
  /**
   * The wallet with its totals (balance = transfersIn - transfersOut + roundResults). With `maxAgeMs`, the
   * answer of a call started at most that long ago may be shared instead of asking again.
   */
  wallet(playerId: string, options?: { maxAgeMs?: number }): Promise<ProviderWallet>;
  /** Applies a transfer once per reference; an OUT the wallet cannot cover answers REFUSED. */
  transfer(request: TransferRequest): Promise<ProviderTransfer>;
  /** The result of an earlier transfer by reference; undefined when the provider never saw it. */
  transferStatus(reference: string): Promise<ProviderTransfer | undefined>;
  /** Where the player opens a game with a one-time launch token. */
  launchUrl(launch: { gameId: string; token: string }): string;
}

/**
 * The provider did not answer (network failure, timeout, 5xx or a refused call of ours). For a transfer the
 * outcome is unknown: it is resolved by asking transferStatus(reference), never by a new reference.
 */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
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

/**
 * Sends LAK to a player's bank account; idempotent by order code. Returns the payout reference. Called
 * outside any transaction (the outbox delivers payouts, domain/ledger/outbox.ts): q is the database itself.
 */
export interface PayoutAdapter {
  pay(q: Queryable, req: PayoutRequest): Promise<string>;
  /** The reference of an earlier payout of this order, undefined when the bank never got it. */
  find(q: Queryable, orderCode: string): Promise<string | undefined>;
}
