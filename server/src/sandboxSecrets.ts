import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import type { Queryable } from './db/types';

/**
 * Sandbox mode's secrets (docs/security.md): a secret not set in the environment is generated once per
 * database (32 random bytes, hex) and kept in it, so a plain `npm start` on a public address signs bank
 * callbacks and provider calls with values no one else knows, and every instance on the database agrees.
 * Outside sandbox mode nothing is generated: main.ts refuses to start without strong secrets.
 */
export async function withSandboxSecrets(q: Queryable, config: Config): Promise<Config> {
  if (!config.sandbox) return config;
  return {
    ...config,
    gatewaySecret: config.gatewaySecret || (await keptSecret(q, 'GATEWAY_SECRET')),
    providerSecret: config.providerSecret || (await keptSecret(q, 'PROVIDER_SECRET')),
  };
}

async function keptSecret(q: Queryable, name: 'GATEWAY_SECRET' | 'PROVIDER_SECRET'): Promise<string> {
  // Two instances starting at once: the first insert wins, both read the winner.
  await q.query('INSERT INTO sandbox_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('hex'),
  ]);
  const r = await q.query<{ value: string }>('SELECT value FROM sandbox_secrets WHERE name = $1', [name]);
  return r.rows[0]!.value;
}
