/**
 * Child process of the crash tests (crash.test.ts): a real server on the database named by DATA_DIR or
 * DATABASE_URL + CHILD_SCHEMA, sent one request (CHILD_REQUEST, JSON for app.inject), or running one job
 * (CHILD_JOB: a player's cashback of a period), or making one staff decision (CHILD_STAFF). With CRASH_AT set,
 * crashPoint() kills this process with SIGKILL at that moment of the request; otherwise it prints the
 * answer and exits.
 */
import { startClock } from '../src/clock';
import type { InjectOptions } from 'fastify';
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/connect';
import { withSandboxSecrets } from '../src/sandboxSecrets';
import { keyAuditLog } from '../src/domain/ledger/audit';
import { settleCashbackPeriod } from '../src/domain/operations/rewardRuns';
import { settleDepositJob } from '../src/domain/operations/moneyOperations';
import {
  runStaffMoneyOperation,
  type StaffMoneyOperation,
  type StaffMoneyOperationId,
} from '../src/domain/ledger/moneyRunner';
import { STAFF_MONEY_OPERATIONS } from '../src/domain/operations/staffMoneyOperations';
import { TEST_APPROVER } from './testApprover';
import { parsePeriod } from '@core/rewardPeriods';

async function main() {
  const db = await connect(
    loadConfig(),
    process.env.CHILD_SCHEMA ? { searchPath: process.env.CHILD_SCHEMA } : {},
  );
  const config = await withSandboxSecrets(db, loadConfig());
  // The audit log's key, as the server keys it at start: staff decisions are audited.
  await keyAuditLog(db, config.auditSecret);
  // One set of adapters, as the server's own jobs use the app's: its provider calls reach this app.
  const adapters = createAdapters(config, db);
  const clock = await startClock(db, config.sandbox);
  const app = await buildApp({ config, db, adapters, clock });
  if (process.env.CHILD_JOB) {
    // A job's money operation instead of a request: the reconciler settling one deposit, or one player's
    // cashback of a period, settled now.
    const job = JSON.parse(process.env.CHILD_JOB) as
      | { operation: 'settleDeposit'; code: string }
      | { operation?: undefined; period: string; playerId: string };
    const ctx = { config, db, adapters, clock };
    const settled =
      job.operation === 'settleDeposit'
        ? await settleDepositJob(ctx, { code: job.code, state: 'open', expireIfPending: false })
        : await settleCashbackPeriod(ctx, parsePeriod(job.period)!, new Date(), {
            early: true,
            playerId: job.playerId,
          });
    process.stdout.write(`200 ${JSON.stringify(settled)}\n`);
    await app.close();
    await db.close();
    return;
  }
  if (process.env.CHILD_STAFF) {
    // A staff member's money decision instead of a request, made as the tests' approver.
    const staff = JSON.parse(process.env.CHILD_STAFF) as { operation: StaffMoneyOperationId; input: never };
    const ctx = { config, db, adapters, clock };
    await runStaffMoneyOperation(
      ctx,
      staff.operation,
      STAFF_MONEY_OPERATIONS[staff.operation] as StaffMoneyOperation<never, unknown, unknown>,
      TEST_APPROVER,
      staff.input,
    );
    process.stdout.write('200 {}\n');
    await app.close();
    await db.close();
    return;
  }
  const res = await app.inject(JSON.parse(process.env.CHILD_REQUEST!) as InjectOptions);
  process.stdout.write(`${res.statusCode} ${res.body}\n`);
  await app.close();
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
