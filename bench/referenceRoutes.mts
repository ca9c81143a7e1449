// The API bench's references (issue 49), on their own Fastify app in the same run as the site:
// - /bare: one indexed PostgreSQL read and nothing else, kept as context;
// - /same-public?bytes=N: what a read open to visitors does besides its own work: the same cookie parsing,
//   security headers and compression hooks, and an answer of the same size;
// - /same?bytes=N: what every player read does besides its own work: the same session check (the site's
//   findSession, the same SQL on the same kind of pool), the same cookie parsing, security headers and
//   compression hooks, and an answer of the same size;
// - /same-providers?bytes=N: that, plus the same provider wallet calls a read that asks every provider
//   makes (signed HTTP calls to the site's sandbox providers, an answer shared for as long as the site
//   shares it), made bare: no booking, no ledger read.
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import pg from 'pg';
import { PROVIDERS } from '../core/providers.ts';
import { ProviderClient, ProviderLink } from '../server/src/adapters/providerClient.ts';
import { loadConfig } from '../server/src/config.ts';
import { connect } from '../server/src/db/connect.ts';
import { withSandboxSecrets } from '../server/src/sandboxSecrets.ts';
import { SHOWN_WALLET_MAX_AGE_MS } from '../server/src/domain/games/providerWallets.ts';
import { findSession } from '../server/src/domain/players/sessions.ts';
import { sessionCookieName } from '../server/src/http/auth.ts';
import { COMPRESSION } from '../server/src/http/compression.ts';
import { registerSecurity } from '../server/src/http/security.ts';

const loaded = loadConfig(process.env);
const db = await connect({ databaseUrl: loaded.databaseUrl, dataDir: '' });
// The sandbox's secrets as the site keeps them in its database, so the provider calls are signed alike.
const config = await withSandboxSecrets(db, loaded);
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
// The site's provider clients, pointed at the site (SITE_URL) as the site points its own.
const link = new ProviderLink({
  ...config,
  providerBaseUrl: `${process.env.SITE_URL}/api/v2/sandbox/providers`,
});
const providers = PROVIDERS.map((code) => new ProviderClient(code, link));

const app = Fastify({ logger: false });
registerSecurity(app, config);
await app.register(fastifyCookie);
await app.register(fastifyCompress, COMPRESSION);

app.get('/bare', async () => {
  const { rows } = await pool.query('SELECT id, username, display_name FROM players WHERE username = $1', [
    'bench_api',
  ]);
  return { player: rows[0] ?? null };
});

/** A JSON body of exactly `bytes` bytes (at least 12). */
function bodyOf(bytes: number): string {
  return `{"pad":"${'x'.repeat(Math.max(0, bytes - 10))}"}`;
}

async function sessionOf(cookies: Record<string, string | undefined>) {
  const token = cookies[sessionCookieName(config)];
  return token ? findSession(db, config, token) : null;
}

app.get<{ Querystring: { bytes?: string } }>('/same-public', async (req, reply) =>
  reply.type('application/json; charset=utf-8').send(bodyOf(Number(req.query.bytes ?? 100))),
);

app.get<{ Querystring: { bytes?: string } }>('/same', async (req, reply) => {
  const session = await sessionOf(req.cookies);
  if (!session) return reply.code(401).send({ code: 'UNAUTHORIZED' });
  return reply.type('application/json; charset=utf-8').send(bodyOf(Number(req.query.bytes ?? 100)));
});

app.get<{ Querystring: { bytes?: string } }>('/same-providers', async (req, reply) => {
  const session = await sessionOf(req.cookies);
  if (!session) return reply.code(401).send({ code: 'UNAUTHORIZED' });
  // As the site's reads ask: a wallet answer shared for SHOWN_WALLET_MAX_AGE_MS.
  await Promise.all(providers.map((p) => p.wallet(session.playerId, { maxAgeMs: SHOWN_WALLET_MAX_AGE_MS })));
  return reply.type('application/json; charset=utf-8').send(bodyOf(Number(req.query.bytes ?? 100)));
});

await app.listen({ port: Number(process.env.PORT ?? 4311), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => Promise.all([pool.end(), db.close()]))
    .then(() => process.exit(0));
});
