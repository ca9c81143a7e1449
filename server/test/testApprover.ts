import type { Queryable } from '../src/db/types';
import { currentTotpCode } from '../src/domain/staff/staffAccounts';
import type { StaffActor } from '../src/domain/money/withdrawalApprovals';

/**
 * The staff member tests approve withdrawals as, when they call the domain directly or run a money command
 * of `npm run ops` (`--as tester --code …`): approvals count by staff member (docs/backoffice.md), so even a
 * test's approval is someone's. Made with every test database, enrolled, with a secret known to the tests
 * and no password anyone could sign in with.
 */
export const TEST_APPROVER: StaffActor = {
  name: 'staff:tester',
  address: 'cli',
  staffId: '00000000-0000-4000-8000-00000000a11e',
};
const TEST_APPROVER_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export async function seedTestApprover(q: Queryable): Promise<void> {
  await q.query(
    `INSERT INTO staff (id, username, display_name, role, password_hash, totp_secret, enrolled_at, created_by)
     VALUES ($1, 'tester', 'Tester', 'operator', 'no password', $2, now(), 'test')
     ON CONFLICT DO NOTHING`,
    [TEST_APPROVER.staffId, TEST_APPROVER_SECRET],
  );
}

/**
 * `--as tester --code <code>` for a money command of `npm run ops`. A code is good once per 30-second step,
 * and tests decide more often than that: the step spent last is forgotten first.
 */
export async function asTester(q: Queryable): Promise<string[]> {
  await q.query('UPDATE staff SET totp_last_step = 0 WHERE id = $1', [TEST_APPROVER.staffId]);
  return ['--as', 'tester', '--code', currentTotpCode(TEST_APPROVER_SECRET)];
}
