import type { Config } from '../config';
import { signProviderCall } from './providerSignature';
import {
  ProviderUnavailable,
  type GameProvider,
  type ProviderCode,
  type ProviderTransfer,
  type ProviderWallet,
  type TransferRequest,
} from './types';
import type { components } from '@core/contract';

export type ProviderFaults = components['schemas']['ProviderFaults'];

/** Where this server's own sandbox providers answer (openapi.yaml, tag SandboxProvider). */
export const SANDBOX_PROVIDER_PATH = '/api/v2/sandbox/providers';

interface WireRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Below the provider API's base, e.g. "/alphabet/transfers". */
  subPath: string;
  body?: string;
}

interface WireResponse {
  status: number;
  body: string;
}

/** How requests reach the provider API: the path that is signed, and the call itself. */
interface Transport {
  pathOf(subPath: string): string;
  send(req: WireRequest, headers: Record<string, string>, timeoutMs: number): Promise<WireResponse>;
}

/** An in-process request, as Fastify's app.inject takes it (routing, validation and handlers all run). */
export type InjectFn = (request: {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<{ statusCode: number; body: string }>;

function fetchTransport(baseUrl: string): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    pathOf: (subPath) => new URL(base + subPath).pathname,
    async send(req, headers, timeoutMs) {
      const res = await fetch(base + req.subPath, {
        method: req.method,
        headers,
        ...(req.body !== undefined ? { body: req.body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: res.status, body: await res.text() };
    },
  };
}

function injectTransport(inject: InjectFn): Transport {
  return {
    pathOf: (subPath) => SANDBOX_PROVIDER_PATH + subPath,
    async send(req, headers, timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        const res = await Promise.race([
          inject({
            method: req.method,
            url: SANDBOX_PROVIDER_PATH + req.subPath,
            headers,
            ...(req.body !== undefined ? { payload: req.body } : {}),
          }),
          timeout,
        ]);
        return { status: res.statusCode, body: res.body };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The signed HTTP link to the provider wallet API, shared by the four provider clients. By default it
 * reaches PROVIDER_BASE_URL, or this server's own sandbox providers at 127.0.0.1:<PORT> (main.ts points it
 * at the real listening address). An app that never listens (tests, the crash child) sends the same
 * requests through app.inject instead: still through routing, validation and the signature check.
 */
export class ProviderLink {
  private transport: Transport;

  constructor(
    private readonly config: Pick<
      Config,
      'providerBaseUrl' | 'port' | 'providerSecret' | 'providerTimeoutMs'
    >,
  ) {
    this.transport = fetchTransport(
      config.providerBaseUrl || `http://127.0.0.1:${config.port}${SANDBOX_PROVIDER_PATH}`,
    );
  }

  /** True unless PROVIDER_BASE_URL names a provider API elsewhere. */
  get isOwnSandbox(): boolean {
    return this.config.providerBaseUrl === '';
  }

  useBaseUrl(baseUrl: string): void {
    this.transport = fetchTransport(baseUrl);
  }

  useInject(inject: InjectFn): void {
    this.transport = injectTransport(inject);
  }

  /** One signed call. Network failures and timeouts throw ProviderUnavailable; statuses are returned. */
  async call(req: WireRequest): Promise<WireResponse> {
    const timestamp = String(Date.now());
    const body = req.body ?? '';
    const signature = signProviderCall(this.config.providerSecret, {
      method: req.method,
      path: this.transport.pathOf(req.subPath),
      timestamp,
      body,
    });
    const headers: Record<string, string> = {
      'x-provider-signature': signature,
      'x-provider-timestamp': timestamp,
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    try {
      return await this.transport.send(req, headers, this.config.providerTimeoutMs);
    } catch (err) {
      throw new ProviderUnavailable(`${req.method} ${req.subPath}: ${(err as Error).message}`);
    }
  }
}

function unavailable(req: string, res: WireResponse): ProviderUnavailable {
  let code = '';
  try {
    code = String((JSON.parse(res.body) as { code?: unknown }).code ?? '');
  } catch {
    // Not JSON: the status says enough.
  }
  return new ProviderUnavailable(`${req}: HTTP ${res.status}${code ? ` ${code}` : ''}`);
}

/** A JSON body, or "unavailable" when the body is not JSON (e.g. an HTML error page of a proxy). */
function parse<T>(req: string, res: WireResponse): T {
  try {
    return JSON.parse(res.body) as T;
  } catch {
    throw new ProviderUnavailable(`${req}: HTTP ${res.status} with a body that is not JSON`);
  }
}

/** Integers where the contract has them: a wallet answer missing a total is not trusted. */
function checkedWallet(req: string, wallet: ProviderWallet): ProviderWallet {
  const totals = [
    wallet.balance,
    wallet.transfersIn,
    wallet.transfersOut,
    wallet.roundResults,
    wallet.betsTotal,
  ];
  if (!totals.every(Number.isSafeInteger) || typeof wallet.openRound !== 'boolean')
    throw new ProviderUnavailable(`${req}: a wallet answer without its totals`);
  return wallet;
}

/**
 * Only APPLIED and REFUSED are decisions: anything else (a PENDING, an unknown status) leaves the outcome
 * unknown, and an unknown outcome is resolved later by asking about the reference, never compensated.
 */
function checkedTransfer(req: string, transfer: ProviderTransfer): ProviderTransfer {
  if (transfer.status !== 'APPLIED' && transfer.status !== 'REFUSED')
    throw new ProviderUnavailable(`${req}: answered status ${String(transfer.status)}`);
  return transfer;
}

/** A wallet call of one player, shared by the reads that may take its answer (ProviderClient.wallet). */
interface WalletCall {
  startedAt: number;
  answer: Promise<ProviderWallet>;
  answered: boolean;
  /** A newer call is on its way to take this one's place. */
  renewing: boolean;
}

/** How often the calls older than any reader's bound are dropped from memory. */
const SWEEP_EVERY_MS = 10_000;

/** One provider's wallet API over the link. Every answer other than the expected one is "unavailable". */
export class ProviderClient implements GameProvider {
  /** The latest wallet call per player (in flight or answered), for reads that accept a recent answer. */
  private readonly recentCalls = new Map<string, WalletCall>();
  private lastSweep = Date.now();

  constructor(
    readonly code: ProviderCode,
    private readonly link: ProviderLink,
  ) {}

  /**
   * The player's wallet. Without options the provider is always asked. With `maxAgeMs` (the credit shown
   * to the player, never a decision) a call started at most that long ago, still in flight or answered,
   * is shared instead: the answer says how the wallet stood no earlier than maxAgeMs before this read.
   * Past half that age a newer call is started in the background, so that readers seldom wait for one.
   * A call that fails is not shared once it has failed, and each transfer this client sends for the
   * player (forget) ends the sharing of earlier calls.
   */
  wallet(playerId: string, options: { maxAgeMs?: number } = {}): Promise<ProviderWallet> {
    const now = Date.now();
    const { maxAgeMs } = options;
    const recent = this.recentCalls.get(playerId);
    if (maxAgeMs === undefined || !recent || now - recent.startedAt > maxAgeMs) {
      const call = this.startCall(playerId, now);
      this.recentCalls.set(playerId, call);
      this.sweep(now);
      return call.answer;
    }
    if (recent.answered && !recent.renewing && now - recent.startedAt > maxAgeMs / 2) {
      recent.renewing = true;
      const next = this.startCall(playerId, now);
      next.answer.then(
        () => {
          if (this.recentCalls.get(playerId) === recent) this.recentCalls.set(playerId, next);
        },
        () => undefined,
      );
    }
    return recent.answer;
  }

  /** Later reads of this player's wallet ask the provider again (after a transfer or a round). */
  forget(playerId: string): void {
    this.recentCalls.delete(playerId);
  }

  /** Every player's: the provider's behaviour changed (sandbox faults switched). */
  forgetAll(): void {
    this.recentCalls.clear();
  }

  private startCall(playerId: string, now: number): WalletCall {
    const call: WalletCall = {
      startedAt: now,
      answer: this.askWallet(playerId),
      answered: false,
      renewing: false,
    };
    call.answer.then(
      () => {
        call.answered = true;
      },
      () => {
        if (this.recentCalls.get(playerId) === call) this.recentCalls.delete(playerId);
      },
    );
    return call;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [playerId, call] of this.recentCalls)
      if (now - call.startedAt > SWEEP_EVERY_MS) this.recentCalls.delete(playerId);
  }

  private async askWallet(playerId: string): Promise<ProviderWallet> {
    const subPath = `/${this.code}/wallets/${encodeURIComponent(playerId)}`;
    const res = await this.link.call({ method: 'GET', subPath });
    const what = `wallet ${this.code}`;
    if (res.status !== 200) throw unavailable(what, res);
    return checkedWallet(what, parse<ProviderWallet>(what, res));
  }

  async transfer(request: TransferRequest): Promise<ProviderTransfer> {
    // Before and after: no read shares a call that started before the transfer was applied.
    this.forget(request.playerId);
    let res: WireResponse;
    try {
      res = await this.link.call({
        method: 'POST',
        subPath: `/${this.code}/transfers`,
        body: JSON.stringify(request),
      });
    } finally {
      this.forget(request.playerId);
    }
    const what = `transfer ${request.reference}`;
    if (res.status !== 200) throw unavailable(what, res);
    return checkedTransfer(what, parse<ProviderTransfer>(what, res));
  }

  async transferStatus(reference: string): Promise<ProviderTransfer | undefined> {
    const res = await this.link.call({
      method: 'GET',
      subPath: `/${this.code}/transfers/${encodeURIComponent(reference)}`,
    });
    const what = `transfer status ${reference}`;
    if (res.status === 200) return checkedTransfer(what, parse<ProviderTransfer>(what, res));
    if (res.status === 404 && parse<{ code?: string }>(what, res).code === 'NOT_FOUND') return undefined;
    throw unavailable(what, res);
  }

  launchUrl({ gameId, token }: { gameId: string; token: string }): string {
    return `/sandbox/studio/${this.code}/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}`;
  }

  /** Sandbox providers only: switch injected faults (ops `providers faults`). */
  async setFaults(faults: ProviderFaults): Promise<ProviderFaults> {
    this.forgetAll();
    const res = await this.link.call({
      method: 'PUT',
      subPath: `/${this.code}/faults`,
      body: JSON.stringify(faults),
    });
    const what = `faults ${this.code}`;
    if (res.status !== 200) throw unavailable(what, res);
    return parse<ProviderFaults>(what, res);
  }
}
