import type { FastifyRequest } from 'fastify';
import { verifyProviderCall } from '../adapters/providerSignature';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { faultSwitches, type FaultSwitches } from '../sandbox/provider/faults';
import { applyTransfer, findTransfer, readWallet } from '../sandbox/provider/wallets';
import type { SomeHandlers } from './types';

/**
 * The sandbox providers' wallet API, answered by this server as a remote provider would answer it: signed
 * calls only, and switchable faults (down, latency, errors, lost answers, duplicate deliveries) so the
 * site's outbox can be tested against a misbehaving provider. Sandbox mode only.
 */

/** Refuses the call unless sandbox providers are on and the signature and timestamp check out. */
function checkCall(req: FastifyRequest, ctx: AppContext): void {
  if (!ctx.config.sandbox) throw new DomainError('SANDBOX_DISABLED', 'The sandbox providers are disabled');
  const signature = req.headers['x-provider-signature'];
  const timestamp = req.headers['x-provider-timestamp'];
  const call = {
    method: req.method,
    path: req.url,
    timestamp: typeof timestamp === 'string' ? timestamp : '',
    body: typeof req.rawBody === 'string' ? req.rawBody : '',
  };
  if (typeof signature !== 'string' || !verifyProviderCall(ctx.config.providerSecret, call, signature))
    throw new DomainError('INVALID_SIGNATURE', 'The provider signature does not match');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function switchesOf(ctx: AppContext): FaultSwitches {
  return faultSwitches(ctx, ctx.config.providerFaultSeed);
}

function unavailable(): DomainError {
  return new DomainError('PROVIDER_UNAVAILABLE', 'The provider is not answering');
}

/** Down, latency and plain errors strike before the provider acts. */
async function beforeActing(ctx: AppContext, provider: string): Promise<void> {
  const switches = switchesOf(ctx);
  const faults = switches.get(provider);
  if (faults.down) throw unavailable();
  if (faults.latencyMs > 0) await sleep(faults.latencyMs);
  if (switches.roll(faults.errorPercent)) throw unavailable();
}

/**
 * A lost answer: the provider acted, but the caller never hears back. The socket is held past any client
 * timeout (twice this server's own, plus a second), then closed with an error nobody waits for.
 */
async function afterActing(ctx: AppContext, provider: string): Promise<void> {
  const switches = switchesOf(ctx);
  if (switches.roll(switches.get(provider).timeoutPercent)) {
    await sleep(ctx.config.providerTimeoutMs * 2 + 1000);
    throw unavailable();
  }
}

export const sandboxProviderHandlers = {
  async getSandboxProviderWallet(req, _reply, ctx) {
    checkCall(req, ctx);
    const { provider, playerId } = req.params;
    await beforeActing(ctx, provider);
    const wallet = await readWallet(ctx.db, provider, playerId);
    await afterActing(ctx, provider);
    return wallet;
  },

  async postSandboxProviderTransfer(req, _reply, ctx) {
    checkCall(req, ctx);
    const { provider } = req.params;
    await beforeActing(ctx, provider);
    const result = await applyTransfer(ctx.db, provider, req.body);
    // A provider that processes its own delivery twice: the second time must change nothing.
    if (switchesOf(ctx).roll(switchesOf(ctx).get(provider).duplicatePercent))
      await applyTransfer(ctx.db, provider, req.body);
    await afterActing(ctx, provider);
    return result;
  },

  async getSandboxProviderTransfer(req, _reply, ctx) {
    checkCall(req, ctx);
    const { provider, reference } = req.params;
    await beforeActing(ctx, provider);
    const found = await findTransfer(ctx.db, provider, reference);
    await afterActing(ctx, provider);
    if (!found) throw new DomainError('NOT_FOUND', `No transfer ${reference} at ${provider}`);
    return found;
  },

  /** Never faulted itself, so faults can always be switched off again. */
  async setSandboxProviderFaults(req, _reply, ctx) {
    checkCall(req, ctx);
    return switchesOf(ctx).set(req.params.provider, req.body);
  },
} satisfies SomeHandlers;
