/** Every setting of the server, read once from the environment. README lists each with its default. */
export interface Config {
  port: number;
  host: string;
  /** PGlite data directory, used when databaseUrl is empty. */
  dataDir: string;
  /** postgres://… to use a PostgreSQL server instead of the embedded database. */
  databaseUrl: string;
  /** Origins allowed to make state-changing calls, besides the server's own. */
  allowedOrigins: string[];
  /** True behind HTTPS: Secure + __Host- cookie, HSTS. */
  https: boolean;
  trustProxy: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Sandbox bank and sandbox providers: on by default on the embedded database, off with DATABASE_URL. */
  sandbox: boolean;
  /** Shared HMAC secret of the payment gateway callbacks. */
  gatewaySecret: string;
  /** Seed the agency on a fresh database; false shows the cannot-log-in page. */
  seedAgency: boolean;
  depositMinLak: number;
  depositMaxLak: number;
  /** Withdraw bounds in THB satang. */
  withdrawMinSatang: number;
  withdrawMaxSatang: number;
  depositExpiryMinutes: number;
  /** Registrations one address may make per hour (each costs a password hash). */
  registrationsPerIpPerHour: number;
  logLevel: string;
  /** Directory of the built web app. */
  webDir: string;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
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
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || './data',
    databaseUrl,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    https: bool(env, 'HTTPS', false),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 30),
    sessionAbsoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 12),
    sandbox: bool(env, 'SANDBOX', databaseUrl === ''),
    gatewaySecret: env.GATEWAY_SECRET || 'sandbox-gateway-secret',
    seedAgency: bool(env, 'SEED_AGENCY', true),
    depositMinLak: int(env, 'DEPOSIT_MIN_LAK', 94_000),
    depositMaxLak: int(env, 'DEPOSIT_MAX_LAK', 200_000_000),
    withdrawMinSatang: int(env, 'WITHDRAW_MIN_SATANG', 10_000),
    withdrawMaxSatang: int(env, 'WITHDRAW_MAX_SATANG', 10_000_000),
    depositExpiryMinutes: int(env, 'DEPOSIT_EXPIRY_MINUTES', 15),
    registrationsPerIpPerHour: int(env, 'REGISTRATIONS_PER_IP_PER_HOUR', 20),
    logLevel: env.LOG_LEVEL || 'info',
    webDir: env.WEB_DIR || './dist',
  };
}
