import { createAdapters } from './adapters';
import { buildApp } from './app';
import { checkSecrets, loadConfig } from './config';
import { connect } from './db/connect';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { deleteExpiredSessions } from './domain/sessions';
import { forgetOldDevices } from './domain/loginDevices';
import { deleteOldAttempts } from './domain/throttle';
import { listenOpsSocket, opsSocketPath, type OpsSocketServer } from './opsSocket';
import { startOutboxWorker, type OutboxWorker } from './outboxWorker';
import { startReconciler } from './reconciler';
import { SANDBOX_PROVIDER_PATH } from './adapters/providerClient';

const HOUSEKEEPING_MS = 10 * 60 * 1000;

/** Starts the server: config, database, migrations, seed, app; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  // A production server with a missing or guessable secret would take forged bank callbacks: refuse.
  const weak = checkSecrets(config);
  if (weak.length > 0) {
    console.error(`Refusing to start (SANDBOX=false):\n${weak.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  const db = await connect(config);
  await migrate(db);
  await seed(db, config);
  const ctx = { config, db, adapters: createAdapters(config, db) };
  const app = await buildApp(ctx);
  let opsSocket: OpsSocketServer | undefined;

  // Dead sessions and old login attempts are refused anyway; this only keeps the tables small. Safe to
  // run on every instance at once (plain DELETEs).
  const housekeeping = setInterval(() => {
    Promise.all([deleteExpiredSessions(db, config), deleteOldAttempts(db), forgetOldDevices(db)]).catch(
      (err) => app.log.error({ err }, 'housekeeping failed'),
    );
  }, HOUSEKEEPING_MS);
  housekeeping.unref();

  // Lost bank callbacks and expired orders are settled with the gateway, on every instance (reconciler.ts).
  const reconciler = startReconciler(ctx, {
    intervalSeconds: config.reconcileIntervalSeconds,
    minAgeSeconds: config.reconcileMinAgeSeconds,
    log: app.log,
  });
  app.metrics.watchReconciler(reconciler);
  let outboxWorker: OutboxWorker | undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    await reconciler.stop();
    await outboxWorker?.stop();
    await opsSocket?.close();
    // Stop taking requests and let in-flight ones finish, then release the database.
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // PORT=0 lets the system choose: everything below uses the port actually bound.
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The own sandbox providers are now reached over real HTTP, at the address this server listens on.
  if (ctx.adapters.providerLink.isOwnSandbox) {
    const local = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
    const host = local.includes(':') ? `[${local}]` : local;
    ctx.adapters.providerLink.useBaseUrl(`http://${host}:${port}${SANDBOX_PROVIDER_PATH}`);
  }
  // Provider transfers left over (provider down, process killed after commit) are delivered with backoff.
  if (!stopping)
    outboxWorker = startOutboxWorker(ctx, { intervalSeconds: config.outboxIntervalSeconds, log: app.log });
  // The embedded database takes one process: `npm run ops` sends its commands to this one (opsSocket.ts).
  if (!config.databaseUrl && !stopping) {
    try {
      opsSocket = await listenOpsSocket(ctx, opsSocketPath(config.dataDir), app.log);
    } catch (err) {
      app.log.error({ err }, 'operator socket not started: `npm run ops` will ask to stop the server');
    }
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `${config.https ? 'https' : 'http'}://${shownHost}:${port}`;
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`;
  console.log(
    `Player site ready at ${url} (API docs ${url}/api/docs; database ${database}${config.sandbox ? '; sandbox mode' : ''})`,
  );
}

main().catch((err) => {
  console.error('Failed to start:', err);
  process.exit(1);
});
