import path from 'node:path';
import { createAdapters } from './adapters';
import { startClock } from './clock';
import { buildApp, useStudioOrigin } from './app';
import { checkSecrets, loadConfig } from './config';
import { withSandboxSecrets } from './sandboxSecrets';
import { connect } from './db/connect';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { deleteExpiredSessions } from './domain/players/sessions';
import { forgetOldDevices } from './domain/players/loginDevices';
import { deleteOldAttempts } from './domain/players/throttle';
import { listenOpsSocket, opsSocketPath, type OpsSocketServer } from './ops/socket';
import { noteRunningSite, recordRunningSite } from './runningSites';
import { keyAuditLog } from './domain/ledger/audit';
import { startOutboxWorker, type OutboxWorker } from './outboxWorker';
import { startReconciler } from './reconciler';
import { startPeriodic } from './periodic';
import { settleDueRewards } from './domain/operations/rewardRuns';
import { SANDBOX_PROVIDER_PATH } from './adapters/providerClient';

const HOUSEKEEPING_MS = 10 * 60 * 1000;
const CLOCK_REFRESH_MS = 5_000;
/**
 * A stop not finished by then exits anyway, inside the 10 s a supervisor (systemd, Kubernetes, docker)
 * usually allows before killing. Requests in flight take at most a provider's timeout (3 s by default).
 */
const STOP_DEADLINE_MS = 8_000;

/** Starts the server: config, database, migrations, seed, app; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const loaded = loadConfig();
  // A production server with a missing or guessable secret would take forged bank callbacks: refuse.
  const weak = checkSecrets(loaded);
  if (weak.length > 0) {
    console.error(`Refusing to start (SANDBOX=false):\n${weak.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  const db = await connect(loaded);
  await migrate(db);
  const config = await withSandboxSecrets(db, loaded);
  // The audit log's key, from outside the database (docs/security.md#audit-log); a wrong one stops here.
  await keyAuditLog(db, config.auditSecret);
  await seed(db, config);
  const clock = await startClock(db, config.sandbox);
  const ctx = { config, db, adapters: createAdapters(config, db), clock };
  const app = await buildApp(ctx);
  let opsSocket: OpsSocketServer | undefined;
  let forgetRunningSite = () => {};
  let forgetSiteRecord = async () => {};

  // Dead sessions and old login attempts are refused anyway; this only keeps the tables small. Safe to
  // run on every instance at once (plain DELETEs).
  const housekeeping = setInterval(() => {
    Promise.all([deleteExpiredSessions(db, config), deleteOldAttempts(db), forgetOldDevices(db)]).catch(
      (err) => app.log.error({ err }, 'housekeeping failed'),
    );
  }, HOUSEKEEPING_MS);
  housekeeping.unref();
  // A sandbox's clock may be moved by the operator's command on another process, or by another instance
  // (clock.ts): each instance reads it again every few seconds (its SQL sees a move at once).
  const clockRefresh = setInterval(() => {
    if (config.sandbox) clock.refresh().catch((err) => app.log.error({ err }, 'clock not read'));
  }, CLOCK_REFRESH_MS);
  clockRefresh.unref();

  // Lost bank callbacks and expired orders are settled with the gateway, on every instance (reconciler.ts).
  const reconciler = startReconciler(ctx, {
    intervalSeconds: config.reconcileIntervalSeconds,
    minAgeSeconds: config.reconcileMinAgeSeconds,
    log: app.log,
  });
  app.metrics.watchReconciler(reconciler);
  // Each ended cashback period is paid once, whichever instance gets there first (rewardRuns.ts).
  const rewardsJob = startPeriodic(
    () =>
      settleDueRewards(ctx).then(
        (settled) => {
          if (settled) app.log.info({ rewards: settled }, 'cashback period settled');
        },
        (err: unknown) => app.log.error({ err }, 'rewards run failed'),
      ),
    config.rewardsIntervalSeconds,
  );
  let outboxWorker: OutboxWorker | undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Cut off by the deadline, a money call is no worse off than in a crash: committed work is found again
    // by a retry with the same Idempotency-Key, and the outbox and reconciler finish the rest at the next
    // start (the crash tests check exactly this).
    const deadline = setTimeout(() => {
      app.log.error({ signal }, `not stopped within ${STOP_DEADLINE_MS} ms: exiting anyway`);
      forgetRunningSite();
      process.exit(1);
    }, STOP_DEADLINE_MS);
    deadline.unref();
    clearInterval(housekeeping);
    clearInterval(clockRefresh);
    // All at once: the server refuses new connections at once and answers the requests in flight (event
    // streams are ended first); the workers start no new pass and finish the one running; the operator
    // socket takes no new command and answers a running one. The database is closed only after all of it.
    const stopped = await Promise.allSettled([
      app.close(),
      reconciler.stop(),
      rewardsJob.stop(),
      outboxWorker?.stop(),
      opsSocket?.close(),
    ]);
    await forgetSiteRecord().catch((err: unknown) =>
      app.log.error({ err }, 'running site record not removed'),
    );
    const failures = stopped.filter((r) => r.status === 'rejected');
    for (const failure of failures) app.log.error({ err: failure.reason }, 'stop step failed');
    await db.close();
    forgetRunningSite();
    process.exit(failures.length > 0 ? 1 : 0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // PORT=0 lets the system choose: everything below uses the port actually bound.
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The own sandbox providers are now reached over real HTTP, at the address this server listens on.
  if (ctx.adapters.providerLink.isOwnSandbox)
    ctx.adapters.providerLink.useBaseUrl(
      `http://${providerHost(config.host)}:${port}${SANDBOX_PROVIDER_PATH}`,
    );
  // The sandbox studio calls the site's seamless wallet over real HTTP too, as an outside provider does.
  if (config.sandbox) useStudioOrigin(ctx, `http://${providerHost(config.host)}:${port}`);
  // Provider transfers left over (provider down, process killed after commit) are delivered with backoff.
  if (!stopping)
    outboxWorker = startOutboxWorker(ctx, { intervalSeconds: config.outboxIntervalSeconds, log: app.log });
  // The embedded database takes one process: `npm run ops` sends its commands to this one (ops/socket.ts).
  if (!config.databaseUrl && !stopping) {
    try {
      opsSocket = await listenOpsSocket(ctx, opsSocketPath(config.dataDir), app.log);
    } catch (err) {
      app.log.error({ err }, 'operator socket not started: `npm run ops` will ask to stop the server');
    }
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `${config.https ? 'https' : 'http'}://${shownHost}:${port}`;
  const dataDir = config.databaseUrl ? null : path.resolve(config.dataDir);
  // So that `npm run ops` run without this DATA_DIR can name it (runningSites.ts).
  if (!stopping) {
    try {
      forgetRunningSite = noteRunningSite({ dataDir, url });
    } catch (err) {
      app.log.warn({ err }, 'running site not noted: `npm run ops` cannot name this data directory');
    }
  }
  // So that `npm run ops` on this database acts as this site does, without its settings repeated.
  if (!stopping) {
    try {
      forgetSiteRecord = await recordRunningSite(
        db,
        {
          url,
          providerUrl: ctx.adapters.providerLink.isOwnSandbox
            ? `http://${providerHost(config.host)}:${port}${SANDBOX_PROVIDER_PATH}`
            : config.providerBaseUrl,
          sandbox: config.sandbox,
          dataDir: path.resolve(config.dataDir),
        },
        (err) => app.log.warn({ err }, 'running site heartbeat failed'),
      );
    } catch (err) {
      app.log.warn({ err }, "running site not recorded: `npm run ops` needs this site's settings repeated");
    }
  }
  const database = dataDir ? `PGlite at ${dataDir}` : 'PostgreSQL';
  console.log(
    `Player site ready at ${url} (API docs ${url}/api/docs; database ${database}${config.sandbox ? '; sandbox mode' : ''})`,
  );
}

/** The address this machine reaches the server's own listening socket at. */
function providerHost(listening: string): string {
  const local = ['0.0.0.0', '::', 'localhost'].includes(listening) ? '127.0.0.1' : listening;
  return local.includes(':') ? `[${local}]` : local;
}

main().catch((err) => {
  console.error('Failed to start:', err);
  process.exit(1);
});
