import { type ComponentType, lazy } from 'react';
import type { StaffPermission } from './api';

/**
 * Each page in a file of its own, loaded when first opened: a staff member downloads the pages their role
 * opens, not the whole back office.
 */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const DashboardPage = page(() => import('./pages/DashboardPage'), 'DashboardPage');
const WithdrawalsPage = page(() => import('./pages/WithdrawalsPage'), 'WithdrawalsPage');
const PaymentsPage = page(() => import('./pages/PaymentsPage'), 'PaymentsPage');
const TransfersPage = page(() => import('./pages/TransfersPage'), 'TransfersPage');
const PlayersPage = page(() => import('./pages/PlayersPage'), 'PlayersPage');
const PromotionsPage = page(() => import('./pages/PromotionsPage'), 'PromotionsPage');
const GamesPage = page(() => import('./pages/GamesPage'), 'GamesPage');
const AuditPage = page(() => import('./pages/AuditPage'), 'AuditPage');
const StaffPage = page(() => import('./pages/StaffPage'), 'StaffPage');
const SettingsPage = page(() => import('./pages/SettingsPage'), 'SettingsPage');

export interface BackofficeRoute {
  path: string;
  /** i18n key of its menu entry and page title. */
  label: string;
  permission: StaffPermission;
  Page: ComponentType;
}

/** The one route table: the router, the side menu and the page titles read it. */
export const BACKOFFICE_ROUTES: readonly BackofficeRoute[] = [
  { path: '/', label: 'menu.dashboard', permission: 'dashboard.read', Page: DashboardPage },
  { path: '/withdrawals', label: 'menu.withdrawals', permission: 'withdrawals.read', Page: WithdrawalsPage },
  { path: '/payments', label: 'menu.payments', permission: 'payments.manage', Page: PaymentsPage },
  { path: '/transfers', label: 'menu.transfers', permission: 'transfers.manage', Page: TransfersPage },
  { path: '/players', label: 'menu.players', permission: 'players.read', Page: PlayersPage },
  { path: '/promotions', label: 'menu.promotions', permission: 'promotions.edit', Page: PromotionsPage },
  { path: '/games', label: 'menu.games', permission: 'games.manage', Page: GamesPage },
  { path: '/audit', label: 'menu.audit', permission: 'audit.read', Page: AuditPage },
  { path: '/staff', label: 'menu.staff', permission: 'staff.manage', Page: StaffPage },
  { path: '/settings', label: 'menu.settings', permission: 'settings.manage', Page: SettingsPage },
];
