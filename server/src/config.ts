import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { components } from '@core/contract';
import { PROVIDERS } from '@core/providers';

type ProviderCode = components['schemas']['Provider'];

/** Every setting of the server, read once from the environment. README lists each with its default. */
export interface Config {
  port: number;
  host: string;
  /** PGlite data directory, used when databaseUrl is empty. */
  dataDir: string;
  /** postgres://… to use a PostgreSQL server instead of the embedded database. */
  databaseUrl: string;
  /**
   * PostgreSQL connections the server keeps (DATABASE_POOL_SIZE; default twice the cores, plus two). More
   * busy backends than the cores can run only switch between each other: on two cores the wallet's calls
   * waited four times longer at ten connections than at six (bench/notes.md).
   */
  databasePoolSize: number;
  /** Origins allowed to make state-changing calls, besides the server's own. */
  allowedOrigins: string[];
  /** True behind HTTPS: Secure + __Host- cookie, HSTS. */
  https: boolean;
  trustProxy: boolean;
  /** Addresses the back office may be used from (BACKOFFICE_ALLOWED_IPS); empty allows any. */
  backofficeAllowedIps: string[];
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Sandbox bank and sandbox providers: on by default on the embedded database, off with DATABASE_URL. */
  sandbox: boolean;
  /**
   * Shared HMAC secret of the payment gateway callbacks. Sandbox mode falls back to a documented default;
   * outside it there is no default (empty: every callback is refused) and main.ts refuses to start
   * without a strong one (checkSecrets).
   */
  gatewaySecret: string;
  /**
   * Key of the audit log's MAC chain (domain/ledger/audit.ts), never written into the database. Sandbox mode
   * without one keeps a generated key in DATA_DIR/audit.key (sandboxSecrets.ts); outside it main.ts refuses
   * to start without a strong one (checkSecrets).
   */
  auditSecret: string;
  /** Seed the agency on a fresh database; false shows the cannot-log-in page. */
  seedAgency: boolean;
  depositMinLak: number;
  depositMaxLak: number;
  /** Withdraw bounds in THB satang. */
  withdrawMinSatang: number;
  withdrawMaxSatang: number;
  /** Withdrawals of at most this credit (THB satang) are paid without an operator; 0 turns that off. */
  autoWithdrawMaxSatang: number;
  /** Risk flag: a bank account added less than this many hours ago sends its withdrawals to the operator. */
  autoWithdrawNewAccountHours: number;
  /** Risk flag: more withdrawals than this in the last hour go to the operator. */
  autoWithdrawMaxPerHour: number;
  /** Risk rule: deposits credited over 30 days reaching this many LAK send withdrawals to staff (0: off). */
  riskLargeDepositLak: number;
  /** The time the operator takes to decide a withdrawal, at most: the player is told to expect it by then. */
  withdrawReviewMinutes: number;
  depositExpiryMinutes: number;
  /** Registrations one address may make per hour (each costs a password hash). */
  registrationsPerIpPerHour: number;
  /** Anonymous fingerprint posts one address may make per hour (each stores a row). */
  fingerprintsPerIpPerHour: number;
  /** Username availability checks one address may make per minute. */
  usernameChecksPerIpPerMinute: number;
  /** Seconds between runs of the deposit reconciler (reconciler.ts). */
  reconcileIntervalSeconds: number;
  /** Open deposits older than this are asked about at the gateway by the reconciler. */
  reconcileMinAgeSeconds: number;
  /**
   * HMAC secret of the game-provider wallet API (X-Provider-Signature). Sandbox mode falls back to a
   * documented default; outside it main.ts refuses to start without a strong one (checkSecrets).
   */
  providerSecret: string;
  /**
   * Providers that keep their own wallet, credit moved in and out through the outbox
   * (TRANSFER_WALLET_PROVIDERS, comma-separated, or `all`); every other one is seamless: it calls the
   * site's wallet API and its credit is the ledger's (docs/games.md).
   */
  transferWalletProviders: ProviderCode[];
  /**
   * Each seamless provider's own secret for signing its wallet calls (WALLET_SECRET_<PROVIDER>, e.g.
   * WALLET_SECRET_GCLUB_LIVE). Sandbox mode generates missing ones (sandboxSecrets.ts); outside it main.ts
   * refuses to start without one per seamless provider (checkSecrets).
   */
  walletSecrets: Partial<Record<ProviderCode, string>>;
  /**
   * Hub88's public key (PEM; HUB88_PUBLIC_KEY, `\n` for line breaks allowed): the Hub88 dialect of the wallet
   * checks each call's RSA-SHA256 signature with it. Empty: every Hub88 call is refused.
   */
  hub88PublicKey: string;
  /** Base address of the provider wallet API; empty: this server's own sandbox providers. */
  providerBaseUrl: string;
  /** How long a provider call may take before its outcome counts as unknown. */
  providerTimeoutMs: number;
  /** Seconds between runs of the provider outbox worker (outboxWorker.ts). */
  outboxIntervalSeconds: number;
  /** Seconds between passes of the rewards job, which settles each ended cashback period (rewardRuns.ts). */
  rewardsIntervalSeconds: number;
  /** Outbox rows undelivered for longer than this are shown to the operator as stuck. */
  outboxStuckMinutes: number;
  /** Seed of the sandbox providers' fault dice (repeatable fault percentages). */
  providerFaultSeed: number;
  /** Lifetime of a game launch token: the game must be opened within it (domain/games/launchTokens.ts). */
  launchTokenTtlSeconds: number;
  logLevel: string;
  /** Directory of the built web app. */
  webDir: string;
  /** Key of the sandbox game studio's outcomes (HMAC per round); random per start unless STUDIO_SEED is set. */
  studioSeed: string;
}

/** The sandbox secret earlier versions documented: anyone can sign with it, so it is never accepted. */
export const SANDBOX_GATEWAY_SECRET = 'sandbox-gateway-secret';
/** The provider wallet API's secret earlier versions documented; never accepted. */
export const SANDBOX_PROVIDER_SECRET = 'sandbox-provider-secret';

/** Secrets, by variable name, that production (SANDBOX=false) must set. */
const SECRETS = ['GATEWAY_SECRET', 'PROVIDER_SECRET', 'AUDIT_SECRET'] as const;
const MIN_SECRET_BYTES = 32;

/** The bytes a secret stands for: hex when it is all hex digits, otherwise base64 / base64url. */
function secretBytes(value: string): number {
  if (/^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0) return value.length / 2;
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return Buffer.from(value, 'base64').length;
  return 0;
}

/**
 * Outside sandbox mode every secret must be set to at least 32 random bytes (hex or base64, e.g.
 * `openssl rand -hex 32`). Returns one line per problem, naming the variable; main.ts refuses to start on
 * any. Sandbox mode needs nothing: its defaults only ever sign sandbox money.
 */
/** The environment variable of a seamless provider's wallet secret. */
export function walletSecretName(provider: ProviderCode): string {
  return `WALLET_SECRET_${provider.toUpperCase()}`;
}

export function checkSecrets(
  config: Pick<Config, 'sandbox'> & Partial<Pick<Config, 'transferWalletProviders'>>,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  if (config.sandbox) return [];
  const problems: string[] = [];
  const transfer = config.transferWalletProviders ?? [];
  const walletSecrets = PROVIDERS.filter((p) => !transfer.includes(p)).map(walletSecretName);
  for (const name of [...SECRETS, ...walletSecrets]) {
    const value = env[name] ?? '';
    if (value === '')
      problems.push(
        `${name} is not set: with SANDBOX=false it must be ${MIN_SECRET_BYTES} random bytes, e.g. \`openssl rand -hex 32\``,
      );
    else if (
      value === SANDBOX_GATEWAY_SECRET ||
      value === SANDBOX_PROVIDER_SECRET ||
      secretBytes(value) < MIN_SECRET_BYTES ||
      new Set(value).size < 8
    )
      problems.push(
        `${name} is too weak: with SANDBOX=false it must be at least ${MIN_SECRET_BYTES} random bytes in hex or base64, e.g. \`openssl rand -hex 32\``,
      );
  }
  return problems;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
}

function transferProviders(env: NodeJS.ProcessEnv): ProviderCode[] {
  const raw = (env.TRANSFER_WALLET_PROVIDERS ?? '').trim();
  if (raw === 'all') return [...PROVIDERS];
  const listed = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of listed)
    if (!(PROVIDERS as readonly string[]).includes(p))
      throw new Error(`TRANSFER_WALLET_PROVIDERS: "${p}" is none of ${PROVIDERS.join(', ')} (or all)`);
  return listed as ProviderCode[];
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL ?? '';
  const sandbox = bool(env, 'SANDBOX', databaseUrl === '');
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || './data',
    databaseUrl,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 2 * availableParallelism() + 2),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    https: bool(env, 'HTTPS', false),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    backofficeAllowedIps: (env.BACKOFFICE_ALLOWED_IPS ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 30),
    sessionAbsoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 12),
    sandbox,
    // Sandbox mode without one: generated and kept in the database at start (sandboxSecrets.ts).
    gatewaySecret: env.GATEWAY_SECRET || '',
    // Sandbox mode without one: generated and kept in DATA_DIR/audit.key, never in the database.
    auditSecret: env.AUDIT_SECRET || '',
    seedAgency: bool(env, 'SEED_AGENCY', true),
    depositMinLak: int(env, 'DEPOSIT_MIN_LAK', 94_000),
    depositMaxLak: int(env, 'DEPOSIT_MAX_LAK', 200_000_000),
    withdrawMinSatang: int(env, 'WITHDRAW_MIN_SATANG', 10_000),
    withdrawMaxSatang: int(env, 'WITHDRAW_MAX_SATANG', 10_000_000),
    autoWithdrawMaxSatang: int(env, 'AUTO_WITHDRAW_MAX_SATANG', 100_000),
    autoWithdrawNewAccountHours: int(env, 'AUTO_WITHDRAW_NEW_ACCOUNT_HOURS', 24),
    autoWithdrawMaxPerHour: int(env, 'AUTO_WITHDRAW_MAX_PER_HOUR', 3),
    riskLargeDepositLak: int(env, 'RISK_LARGE_DEPOSIT_LAK', 100_000_000),
    withdrawReviewMinutes: int(env, 'WITHDRAW_REVIEW_MINUTES', 60),
    depositExpiryMinutes: int(env, 'DEPOSIT_EXPIRY_MINUTES', 15),
    registrationsPerIpPerHour: int(env, 'REGISTRATIONS_PER_IP_PER_HOUR', 20),
    fingerprintsPerIpPerHour: int(env, 'FINGERPRINTS_PER_IP_PER_HOUR', 120),
    usernameChecksPerIpPerMinute: int(env, 'USERNAME_CHECKS_PER_IP_PER_MINUTE', 60),
    reconcileIntervalSeconds: int(env, 'RECONCILE_INTERVAL_SECONDS', 30),
    reconcileMinAgeSeconds: int(env, 'RECONCILE_MIN_AGE_SECONDS', 30),
    providerSecret: env.PROVIDER_SECRET || '',
    transferWalletProviders: transferProviders(env),
    walletSecrets: Object.fromEntries(
      PROVIDERS.flatMap((p) => (env[walletSecretName(p)] ? [[p, env[walletSecretName(p)]!]] : [])),
    ),
    hub88PublicKey: (env.HUB88_PUBLIC_KEY ?? '').replace(/\\n/g, '\n'),
    providerBaseUrl: env.PROVIDER_BASE_URL || '',
    providerTimeoutMs: int(env, 'PROVIDER_TIMEOUT_MS', 3000),
    outboxIntervalSeconds: int(env, 'OUTBOX_INTERVAL_SECONDS', 5),
    outboxStuckMinutes: int(env, 'OUTBOX_STUCK_MINUTES', 10),
    rewardsIntervalSeconds: int(env, 'REWARDS_INTERVAL_SECONDS', 60),
    providerFaultSeed: int(env, 'PROVIDER_FAULT_SEED', 12),
    launchTokenTtlSeconds: int(env, 'LAUNCH_TOKEN_TTL_SECONDS', 120),
    logLevel: env.LOG_LEVEL || 'info',
    webDir: env.WEB_DIR || './dist',
    studioSeed: env.STUDIO_SEED || randomBytes(32).toString('hex'),
  };
}
