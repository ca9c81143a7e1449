import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { components } from '@core/contract';
import { expectContract, registerAndLogin, type TestApp } from './helpers';
import { addAccount, call, depositAndPay } from './moneyFixtures';

type ProviderCode = components['schemas']['Provider'];
type ErrorCode = components['schemas']['ErrorCode'];

const OPERATION_IDS = {
  session: 'openWalletSession',
  balance: 'getWalletBalance',
  bet: 'placeWalletBet',
  win: 'creditWalletWin',
  rollback: 'rollbackWalletBet',
  'end-round': 'endWalletRound',
} as const;

export type WalletOperation = keyof typeof OPERATION_IDS;

export interface WalletReply {
  status: number;
  body: { balance?: number; code?: ErrorCode; [key: string]: unknown };
}

/**
 * A game provider's client of the site's seamless wallet, written from docs/games.md alone (its own HMAC,
 * not the server's): every call signed afresh with the provider's secret and the time it is sent, and
 * every answer checked against the contract.
 */
export class WalletProviderClient {
  constructor(
    private readonly app: FastifyInstance,
    readonly provider: ProviderCode,
    private readonly secret: string,
    /** The provider's clock (the site's, in tests, which move it). */
    private readonly now: () => Date,
  ) {}

  sign(path: string, timestamp: string, body: string, secret = this.secret): string {
    return createHmac('sha256', secret).update(`POST ${path}\n${timestamp}\n${body}`).digest('hex');
  }

  async send(
    operation: WalletOperation,
    payload: object,
    opts: { signature?: string; timestamp?: string; secret?: string; omitSignature?: boolean } = {},
  ): Promise<WalletReply & { signature: string; timestamp: string; raw: string }> {
    const path = `/api/v2/wallet/${this.provider}/${operation}`;
    const raw = JSON.stringify(payload);
    const timestamp = opts.timestamp ?? String(this.now().getTime());
    const signature = opts.signature ?? this.sign(path, timestamp, raw, opts.secret);
    const res = await this.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        'x-wallet-timestamp': timestamp,
        ...(opts.omitSignature ? {} : { 'x-wallet-signature': signature }),
      },
      payload: raw,
    });
    const body = res.json();
    expectContract(OPERATION_IDS[operation], res.statusCode, body);
    return { status: res.statusCode, body, signature, timestamp, raw };
  }

  /** The same bytes, the same signature, sent again (a replay, or a duplicate delivery on the network). */
  async replay(operation: WalletOperation, sent: { signature: string; timestamp: string; raw: string }) {
    const res = await this.app.inject({
      method: 'POST',
      url: `/api/v2/wallet/${this.provider}/${operation}`,
      headers: {
        'content-type': 'application/json',
        'x-wallet-timestamp': sent.timestamp,
        'x-wallet-signature': sent.signature,
      },
      payload: sent.raw,
    });
    return { status: res.statusCode, body: res.json() as WalletReply['body'] };
  }
}

/**
 * A new player with one paid deposit (15,384 satang at alphabet) who opened `gameId` from the lobby: the
 * launch token spent by the provider on `session`, as a provider does. Answers the player reference.
 */
export async function playerInAlphabetGame(t: TestApp, gameId: string) {
  const p = await registerAndLogin(t.app);
  await addAccount(t.app, p.cookie);
  await depositAndPay(t.app, p.cookie);
  const launched = await call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
    cookie: p.cookie,
    payload: { provider: 'alphabet', gameId },
  });
  const token = new URL(launched.body.url, 'http://site').searchParams.get('token')!;
  const client = new WalletProviderClient(t.app, 'alphabet', t.ctx.config.walletSecrets.alphabet!, () =>
    t.ctx.clock.now(),
  );
  const opened = await client.send('session', { token, gameId });
  return { ...p, player: opened.body.player as string };
}
