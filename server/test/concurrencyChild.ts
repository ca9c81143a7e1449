/**
 * Child process of the crash test (concurrency.test.ts): a "server" doing deposits and withdrawals in a
 * loop on the database named by DATABASE_URL + CHILD_SCHEMA or DATA_DIR, printing "tick N" after each.
 * The parent kills it with SIGKILL mid-loop and checks the ledger of what is left.
 */
import { startClock } from '../src/clock';
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { connect } from '../src/db/connect';
import { withSandboxSecrets } from '../src/sandboxSecrets';
import { keyAuditLog } from '../src/domain/ledger/audit';
import { deposit, withdraw } from './inProcessMoney';
import { paySandboxQr } from '../src/http/sandbox';
import { approveWithdraw, rejectWithdraw } from '../src/domain/money/withdrawals';
import { startOutboxWorker } from '../src/outboxWorker';
import { TEST_APPROVER as testActor } from './testApprover';

async function main() {
  const db = await connect(
    loadConfig(),
    process.env.CHILD_SCHEMA ? { searchPath: process.env.CHILD_SCHEMA } : {},
  );
  const config = await withSandboxSecrets(db, loadConfig());
  await keyAuditLog(db, config.auditSecret);
  const ctx: AppContext = {
    config,
    db,
    adapters: createAdapters(config, db),
    clock: await startClock(db, config.sandbox),
  };
  // The app answers the sandbox providers' wallet API the provider clients call (in process).
  const app = await buildApp(ctx);
  // As the real server: a transfer the provider did not confirm in time is delivered again in the background.
  startOutboxWorker(ctx, { intervalSeconds: 1, log: app.log });
  const playerId = process.env.CHILD_PLAYER_ID!;
  const bankAccountId = process.env.CHILD_BANK_ACCOUNT_ID!;
  for (let i = 1; ; i++) {
    const { qr } = await deposit(ctx, playerId, {
      provider: 'alphabet',
      mid: 'MID-LAOQR-01',
      bank: 'bcel',
      amount: 100_000,
    });
    await paySandboxQr(ctx, qr.qrText);
    const order = await withdrawOnceDelivered(ctx, playerId, bankAccountId);
    await (i % 2 === 0
      ? approveWithdraw(ctx, order.code, testActor)
      : rejectWithdraw(ctx, order.code, testActor));
    process.stdout.write(`tick ${i}\n`);
  }
}

/**
 * The deposit's transfer to the provider may still be on its way (a slow provider, a busy machine): the
 * server refuses a withdrawal meanwhile (TRANSFER_PENDING) and the player tries again shortly, as here,
 * until the outbox worker has delivered it (its first retries come after 1, 2 and 4 seconds).
 */
async function withdrawOnceDelivered(ctx: AppContext, playerId: string, bankAccountId: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withdraw(ctx, playerId, { provider: 'alphabet', bankAccountId, credit: 10_000 });
    } catch (err) {
      if ((err as { code?: string }).code !== 'TRANSFER_PENDING' || attempt >= 300) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
