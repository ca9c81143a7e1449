import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { seedMoney } from '../src/db/seedMoney';
import { balanceOf, checkInvariants, postTransfers, systemAccountId } from '../src/domain/ledger/ledger';
import { emptyPgliteDir } from './helpers';

jest.setTimeout(60_000);

// A data directory written before migration 003 (system accounts locked, cached and chained) keeps a sound
// ledger after it, and takes new transfers the new way.
test('migration 003 upgrades a ledger written with cached, chained system accounts', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ledger-upgrade-'));
  const before003 = path.join(dir, 'migrations');
  mkdirSync(before003);
  for (const name of ['001_core.sql', '002_money.sql'])
    cpSync(path.join(__dirname, '../src/db/migrations', name), path.join(before003, name));
  // initdb already run (helpers.ts): the old migrations are applied here.
  const data = await emptyPgliteDir();
  const db = await connect({ databaseUrl: '', dataDir: data });
  try {
    await migrate(db, before003);
    await seedMoney(db);
    const float = await systemAccountId(db, 'provider_float', 'THB', 'alphabet');
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO ledger_accounts (key, kind, currency, provider, is_system)
       VALUES ('player:upgrade:alphabet', 'player', 'THB', 'alphabet', false) RETURNING id`,
    );
    const player = Number(rows[0]!.id);
    // What postTransfers wrote before 003: running balances on both sides, both balances cached.
    await db.tx(async (q) => {
      const t = await q.query<{ id: number }>(
        `INSERT INTO ledger_transfers (reference, kind, debit_account_id, credit_account_id, amount, currency)
         VALUES ('old:1', 'MOVE', $1, $2, 500, 'THB') RETURNING id`,
        [float, player],
      );
      await q.query(
        `INSERT INTO ledger_postings (transfer_id, account_id, amount, balance_before, balance_after)
         VALUES ($1, $2, -500, 0, -500), ($1, $3, 500, 0, 500)`,
        [t.rows[0]!.id, float, player],
      );
      await q.query('UPDATE ledger_accounts SET balance = -500 WHERE id = $1', [float]);
      await q.query('UPDATE ledger_accounts SET balance = 500 WHERE id = $1', [player]);
    });
    expect(await checkInvariants(db)).toEqual([]);

    expect(await migrate(db)).toContain('003_system_accounts_unlocked.sql');
    expect(await checkInvariants(db)).toEqual([]);
    expect(await balanceOf(db, float)).toBe(-500);
    expect(await balanceOf(db, player)).toBe(500);

    await db.tx((q) =>
      postTransfers(q, [
        { reference: 'new:1', kind: 'MOVE', debitAccountId: player, creditAccountId: float, amount: 200 },
      ]),
    );
    expect(await balanceOf(db, float)).toBe(-300);
    expect(await balanceOf(db, player)).toBe(300);
    expect(await checkInvariants(db)).toEqual([]);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
});
