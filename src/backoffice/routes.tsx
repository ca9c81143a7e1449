import type { ComponentType } from 'react';
import type { StaffPermission } from './api';
import { AuditPage } from './pages/AuditPage';
import { DashboardPage } from './pages/DashboardPage';
import { GamesPage } from './pages/GamesPage';
import { PaymentsPage } from './pages/PaymentsPage';
import { PlayersPage } from './pages/PlayersPage';
import { PromotionsPage } from './pages/PromotionsPage';
import { SettingsPage } from './pages/SettingsPage';
import { StaffPage } from './pages/StaffPage';
import { TransfersPage } from './pages/TransfersPage';
import { WithdrawalsPage } from './pages/WithdrawalsPage';

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
