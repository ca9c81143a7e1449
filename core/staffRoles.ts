import type { components } from './contract';

export type StaffRole = components['schemas']['StaffRole'];
export type StaffPermission = components['schemas']['StaffPermission'];

export const STAFF_ROLES = [
  'owner',
  'operator',
  'marketing',
  'support',
] as const satisfies readonly StaffRole[];

/**
 * What each role may do: the one table of staff access (docs/backoffice.md). The server checks each staff
 * operation's `x-permission` (openapi.yaml) against it; the back office only uses it to hide what a role
 * cannot open.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: [
    'dashboard.read',
    'withdrawals.read',
    'withdrawals.decide',
    'players.read',
    'players.manage',
    'promotions.edit',
    'audit.read',
    'settings.manage',
    'staff.manage',
    'payments.manage',
    'transfers.manage',
    'games.manage',
  ],
  operator: [
    'dashboard.read',
    'withdrawals.read',
    'withdrawals.decide',
    'players.read',
    'players.manage',
    'payments.manage',
    'transfers.manage',
  ],
  marketing: ['dashboard.read', 'promotions.edit', 'games.manage'],
  support: ['dashboard.read', 'withdrawals.read', 'players.read'],
};

export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
