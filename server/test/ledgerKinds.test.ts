import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { LEDGER_TRANSFER_KINDS, REWARD_KINDS } from '@core/ledgerKinds';
import { createTestApp, type TestApp } from './helpers';

/**
 * core/ledgerKinds.ts is the one list of ledger transfer kinds and of reward kinds: the database's
 * constraints and the contract's enum must name exactly the same, so adding a kind in one place and not the
 * others fails here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The quoted values of a CHECK (kind IN (...)) constraint, as the database prints it back. */
async function constraintKinds(table: string, name: string | undefined): Promise<string[]> {
  const r = await t.ctx.db.query<{ def: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
     WHERE c.conrelid = $1::regclass AND c.contype = 'c' AND pg_get_constraintdef(c.oid) LIKE '%kind%'
       AND ($2::text IS NULL OR c.conname = $2::text)`,
    [table, name ?? null],
  );
  expect(r.rows).toHaveLength(1);
  return [...r.rows[0]!.def.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]!).sort();
}

test('the database refuses a ledger transfer of a kind the list does not name, and takes every listed one', async () => {
  expect(await constraintKinds('ledger_transfers', 'ledger_transfers_kind')).toEqual(
    [...LEDGER_TRANSFER_KINDS].sort(),
  );
});

test("reward credits' kinds are the list's reward kinds, each a ledger transfer kind", async () => {
  expect(await constraintKinds('reward_credits', undefined)).toEqual([...REWARD_KINDS].sort());
  for (const kind of REWARD_KINDS) expect(LEDGER_TRANSFER_KINDS).toContain(kind);
});

test("the contract's reward kind is the list's", () => {
  const contract = parse(readFileSync(path.join(__dirname, '../../openapi.yaml'), 'utf8')) as {
    components: { schemas: Record<string, { enum?: string[] }> };
  };
  expect([...contract.components.schemas.RewardKind!.enum!].sort()).toEqual([...REWARD_KINDS].sort());
});
