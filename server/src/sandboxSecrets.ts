import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROVIDERS } from '@core/providers';
import { walletSecretName, type Config } from './config';
import type { Queryable } from './db/types';

/**
 * Sandbox mode's secrets (docs/security.md): a secret not set in the environment is generated once per
 * database (32 random bytes, hex) and kept in it, so a plain `npm start` on a public address signs bank
 * callbacks and provider calls with values no one else knows, and every instance on the database agrees.
 * The audit log's key is the exception: a key kept in the database would let whoever writes it forge the
 * chain, so it is kept in a file of its own, DATA_DIR/audit.key (auditKeyFile). `createAuditKey: false`
 * (the `npm run ops` CLI) reads that file but never makes one.
 * Outside sandbox mode nothing is generated: main.ts refuses to start without strong secrets.
 */
export async function withSandboxSecrets(
  q: Queryable,
  config: Config,
  { createAuditKey = true }: { createAuditKey?: boolean } = {},
): Promise<Config> {
  if (!config.sandbox) return config;
  return {
    ...config,
    gatewaySecret: config.gatewaySecret || (await keptSecret(q, 'GATEWAY_SECRET')),
    providerSecret: config.providerSecret || (await keptSecret(q, 'PROVIDER_SECRET')),
    auditSecret: config.auditSecret || keptAuditKey(config.dataDir, createAuditKey),
    walletSecrets: Object.fromEntries(
      await Promise.all(
        PROVIDERS.map(async (p) => [
          p,
          config.walletSecrets[p] || (await keptSecret(q, walletSecretName(p))),
        ]),
      ),
    ),
  };
}

async function keptSecret(q: Queryable, name: string): Promise<string> {
  // Two instances starting at once: the first insert wins, both read the winner.
  await q.query('INSERT INTO sandbox_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('hex'),
  ]);
  const r = await q.query<{ value: string }>('SELECT value FROM sandbox_secrets WHERE name = $1', [name]);
  return r.rows[0]!.value;
}

/** Where sandbox mode keeps the audit log's key: beside the embedded database, or in ./data on PostgreSQL. */
export function auditKeyFile(dataDir: string): string {
  return path.resolve(dataDir, 'audit.key');
}

/**
 * The sandbox audit key in DATA_DIR/audit.key, made on first use (owner-only, 0600): written whole under a
 * temporary name, then linked into place, which fails if another process got there first; both then read
 * the winner. Empty when there is none and create is false.
 */
function keptAuditKey(dataDir: string, create: boolean): string {
  const file = auditKeyFile(dataDir);
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    if (!create) return '';
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temporary, { force: true });
  }
  return read();
}
