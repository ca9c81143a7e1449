/**
 * The money workload's operator on PostgreSQL (moneyWorkload.ts): `npm run ops` opens its own connection
 * there, so the workload runs the same runOps, in its own process or, for a settlement the settling process
 * must die in, in a child process of its own (this file run as a script: WORKLOAD_OPS_* in its environment,
 * CRASH_AT naming the crash point, server/src/crashPoints.ts; it prints the command's result as JSON).
 */
import { startClock } from '../src/clock';
import { createAdapters } from '../src/adapters';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { connect } from '../src/db/connect';
import { keyAuditLog } from '../src/domain/ledger/audit';
import { runOps, type OpsResult } from '../src/ops/commands';

/** One `npm run ops` command; undefined when it got no answer (the server was down, say). */
export type Operator = (args: string[]) => Promise<OpsResult | undefined>;

export interface OperatorSecrets {
  gateway: string;
  provider: string;
  audit: string;
}

/** On PostgreSQL the CLI opens its own connection: the same runOps, in this process. */
export async function inProcessOperator(
  databaseUrl: string,
  schema: string,
  port: number,
  secrets: OperatorSecrets,
): Promise<{ operator: Operator; close(): Promise<void> }> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    SANDBOX: 'true',
    TRANSFER_WALLET_PROVIDERS: 'all',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    GATEWAY_SECRET: secrets.gateway,
    PROVIDER_SECRET: secrets.provider,
    AUDIT_SECRET: secrets.audit,
  });
  const db = await connect(config, { searchPath: schema });
  await keyAuditLog(db, config.auditSecret);
  const ctx: AppContext = {
    config,
    db,
    adapters: createAdapters(config, db),
    clock: await startClock(db, config.sandbox),
  };
  return {
    operator: async (args) => {
      try {
        return await runOps(ctx, args);
      } catch (err) {
        return { exitCode: -1, output: `thrown: ${(err as Error).message}` };
      }
    },
    close: () => db.close(),
  };
}

/** The environment of a child operator process (run this file, bundled, with it). */
export function childOperatorEnv(
  databaseUrl: string,
  schema: string,
  port: number,
  secrets: OperatorSecrets,
  args: string[],
): Record<string, string> {
  return {
    WORKLOAD_OPS_DATABASE_URL: databaseUrl,
    WORKLOAD_OPS_SCHEMA: schema,
    WORKLOAD_OPS_PORT: String(port),
    WORKLOAD_OPS_SECRETS: JSON.stringify(secrets),
    WORKLOAD_OPS_ARGS: JSON.stringify(args),
  };
}

async function main(): Promise<void> {
  const env = process.env;
  const { operator, close } = await inProcessOperator(
    env.WORKLOAD_OPS_DATABASE_URL ?? '',
    env.WORKLOAD_OPS_SCHEMA ?? '',
    Number(env.WORKLOAD_OPS_PORT),
    JSON.parse(env.WORKLOAD_OPS_SECRETS ?? '{}') as OperatorSecrets,
  );
  try {
    const result = await operator(JSON.parse(env.WORKLOAD_OPS_ARGS ?? '[]') as string[]);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await close();
  }
}

if (require.main === module && process.env.WORKLOAD_OPS_ARGS)
  main().catch((err: unknown) => {
    process.stderr.write(`${String((err as Error).stack ?? err)}\n`);
    process.exit(1);
  });
