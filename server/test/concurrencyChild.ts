/**
 * Child process of the crash test (concurrency.test.ts): a "server" doing deposits and withdrawals in a
 * loop on the database named by DATABASE_URL + CHILD_SCHEMA or DATA_DIR, printing "tick N" after each.
 * The parent kills it with SIGKILL mid-loop and checks the ledger of what is left.
 */
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { connect } from '../src/db/connect';
import { createDeposit } from '../src/domain/deposits';
import { paySandboxQr } from '../src/http/sandbox';
import { approveWithdraw, createWithdraw, rejectWithdraw } from '../src/domain/withdrawals';

async function main() {
  const config = loadConfig();
  const db = await connect(config, process.env.CHILD_SCHEMA ? { searchPath: process.env.CHILD_SCHEMA } : {});
  const ctx: AppContext = { config, db, adapters: createAdapters(config, db) };
  // The app answers the sandbox providers' wallet API the provider clients call (in process).
  await buildApp(ctx);
  const playerId = process.env.CHILD_PLAYER_ID!;
  const bankAccountId = process.env.CHILD_BANK_ACCOUNT_ID!;
  for (let i = 1; ; i++) {
    const { qr } = await createDeposit(ctx, playerId, {
      provider: 'alphabet',
      mid: 'MID-LAOQR-01',
      bank: 'bcel',
      amount: 100_000,
    });
    await paySandboxQr(ctx, qr.qrText);
    const order = await createWithdraw(ctx, playerId, {
      provider: 'alphabet',
      bankAccountId,
      credit: 10_000,
    });
    await (i % 2 === 0 ? approveWithdraw(ctx, order.code) : rejectWithdraw(ctx, order.code));
    process.stdout.write(`tick ${i}\n`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
