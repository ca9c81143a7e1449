import type { Provider } from '@/api';
import type { MenuEntry } from '@/lib/menu';
import { PROVIDERS } from '@core/providers';
import { lazyPage, type LazyPage } from './lazyPage';

/** Who may open a route: visitors only (a player is sent to /player), players only, or anyone. */
export type Access = 'visitor' | 'player' | 'open';

export interface PageRoute {
  path: string;
  /** i18n key used for the document title and menu labels. */
  titleKey: string;
  access: Access;
  page: LazyPage;
  /** The game provider shown by a game page. */
  provider?: Provider;
  /** Built without antd components: the page paints without waiting for antd's chunk. */
  withoutAntd?: true;
}

export const PLAYER_HOME = '/player/game/alphabet';

const gamePage = lazyPage(
  'GamePage',
  () => import(/* webpackChunkName: "GamePage" */ '@/features/game/GamePage'),
);

const visitorLobbyPage = lazyPage(
  'VisitorLobbyPage',
  () => import(/* webpackChunkName: "VisitorLobbyPage" */ '@/features/game/VisitorLobbyPage'),
);

/** A provider's lobby as a visitor browses it before logging in (a player there is sent to their own). */
function visitorLobbyRoute(provider: Provider): PageRoute {
  return {
    path: `/games/${provider}`,
    titleKey: `layout:providers.${provider}`,
    access: 'open',
    page: visitorLobbyPage,
    provider,
  };
}

function gameRoute(provider: Provider): PageRoute {
  return {
    path: `/player/game/${provider}`,
    titleKey: `layout:providers.${provider}`,
    access: 'player',
    page: gamePage,
    provider,
  };
}

/** The one route table: the router, the drawer menu and the document titles all read it (docs/architecture.md, convention 5). */
export const PAGE_ROUTES: PageRoute[] = [
  {
    path: '/',
    titleKey: 'layout:titles.home',
    access: 'visitor',
    page: lazyPage('HomePage', () => import(/* webpackChunkName: "HomePage" */ '@/features/home/HomePage')),
    withoutAntd: true,
  },
  {
    path: '/login',
    titleKey: 'layout:titles.login',
    access: 'visitor',
    page: lazyPage(
      'LoginPage',
      () => import(/* webpackChunkName: "LoginPage" */ '@/features/auth/LoginPage'),
    ),
  },
  {
    path: '/register',
    titleKey: 'layout:titles.register',
    access: 'visitor',
    page: lazyPage(
      'RegisterPage',
      () => import(/* webpackChunkName: "RegisterPage" */ '@/features/auth/RegisterPage'),
    ),
  },
  {
    path: '/sandbox/bank',
    titleKey: 'layout:titles.sandboxBank',
    access: 'open',
    page: lazyPage(
      'SandboxBankPage',
      () => import(/* webpackChunkName: "SandboxBankPage" */ '@/features/sandbox/SandboxBankPage'),
    ),
  },
  ...PROVIDERS.map(visitorLobbyRoute),
  {
    path: '/games',
    titleKey: 'layout:titles.lobby',
    access: 'open',
    page: visitorLobbyPage,
  },
  ...PROVIDERS.map(gameRoute),
  {
    path: '/player/games',
    titleKey: 'layout:titles.lobby',
    access: 'player',
    page: lazyPage(
      'CategoryLobbyPage',
      () => import(/* webpackChunkName: "CategoryLobbyPage" */ '@/features/game/CategoryLobbyPage'),
    ),
  },
  {
    path: '/player/game/:provider/play/:gameId',
    titleKey: 'layout:titles.gameView',
    access: 'player',
    page: lazyPage(
      'GameViewPage',
      () => import(/* webpackChunkName: "GameViewPage" */ '@/features/game/GameViewPage'),
    ),
  },
  {
    path: '/player/deposit',
    titleKey: 'layout:menu.deposit',
    access: 'player',
    page: lazyPage(
      'DepositPage',
      () => import(/* webpackChunkName: "DepositPage" */ '@/features/deposit/DepositPage'),
    ),
  },
  {
    path: '/player/deposit/history',
    titleKey: 'layout:menu.depositHistory',
    access: 'player',
    page: lazyPage(
      'DepositHistoryPage',
      () => import(/* webpackChunkName: "DepositHistoryPage" */ '@/features/deposit/DepositHistoryPage'),
    ),
  },
  {
    path: '/player/withdraw',
    titleKey: 'layout:menu.withdraw',
    access: 'player',
    page: lazyPage(
      'WithdrawPage',
      () => import(/* webpackChunkName: "WithdrawPage" */ '@/features/withdraw/WithdrawPage'),
    ),
  },
  {
    path: '/player/withdraw/history',
    titleKey: 'layout:menu.withdrawHistory',
    access: 'player',
    page: lazyPage(
      'WithdrawHistoryPage',
      () => import(/* webpackChunkName: "WithdrawHistoryPage" */ '@/features/withdraw/WithdrawHistoryPage'),
    ),
  },
  {
    path: '/player/bank',
    titleKey: 'layout:menu.bank',
    access: 'player',
    page: lazyPage('BankPage', () => import(/* webpackChunkName: "BankPage" */ '@/features/bank/BankPage')),
  },
  {
    path: '/player/promotion',
    titleKey: 'layout:menu.promotion',
    access: 'player',
    page: lazyPage(
      'PromotionListPage',
      () => import(/* webpackChunkName: "PromotionListPage" */ '@/features/promotion/PromotionListPage'),
    ),
  },
  {
    path: '/player/promotion/history',
    titleKey: 'layout:menu.promotionHistory',
    access: 'player',
    page: lazyPage(
      'PromotionHistoryPage',
      () =>
        import(/* webpackChunkName: "PromotionHistoryPage" */ '@/features/promotion/PromotionHistoryPage'),
    ),
  },
  {
    path: '/player/rewards',
    titleKey: 'layout:menu.rewards',
    access: 'player',
    page: lazyPage(
      'RewardsPage',
      () => import(/* webpackChunkName: "RewardsPage" */ '@/features/rewards/RewardsPage'),
    ),
  },
  {
    path: '/player/responsible-gaming',
    titleKey: 'layout:menu.responsibleGaming',
    access: 'player',
    page: lazyPage(
      'ResponsibleGamingPage',
      () =>
        import(/* webpackChunkName: "ResponsibleGamingPage" */ '@/features/protection/ResponsibleGamingPage'),
    ),
  },
  {
    path: '/player/activity',
    titleKey: 'layout:titles.activity',
    access: 'player',
    page: lazyPage(
      'AccountActivityPage',
      () => import(/* webpackChunkName: "AccountActivityPage" */ '@/features/account/AccountActivityPage'),
    ),
  },
  {
    path: '/player/sessions',
    titleKey: 'layout:titles.sessions',
    access: 'player',
    page: lazyPage(
      'SessionsPage',
      () => import(/* webpackChunkName: "SessionsPage" */ '@/features/account/SessionsPage'),
    ),
  },
  {
    path: '/player/promotion/:promotionId',
    titleKey: 'layout:titles.promotionDetail',
    access: 'player',
    page: lazyPage(
      'PromotionDetailPage',
      () => import(/* webpackChunkName: "PromotionDetailPage" */ '@/features/promotion/PromotionDetailPage'),
    ),
  },
];

/** The route whose path pattern matches a link (query strings ignored), for preloading on hover. */
export function findPageRoute(link: string): PageRoute | undefined {
  const path = link.split('?')[0] ?? link;
  return (
    PAGE_ROUTES.find((route) => route.path === path) ??
    PAGE_ROUTES.find((route) => {
      const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`);
      return route.path.includes(':') && pattern.test(path);
    })
  );
}

function entry(icon: string, link: string, textKey?: string, children?: MenuEntry[]): MenuEntry {
  const route = findPageRoute(link);
  if (!route) throw new Error(`No route for menu link ${link}`);
  return { icon, textKey: textKey ?? route.titleKey, link, ...(children ? { children } : {}) };
}

/** The signed-in player's drawer menu (docs/player-site.md §2): games and money, then the histories. */
export const PLAYER_MENU: MenuEntry[][] = [
  [
    entry('alphabet', '/player/game/alphabet'),
    entry('askmebet', '/player/game/askmebet?tab=Slot'),
    entry('gclub', '/player/game/gclub'),
    entry('gclub_live', '/player/game/gclub_live'),
    entry('deposit', '/player/deposit'),
    entry('withdraw', '/player/withdraw'),
    entry('promotion', '/player/promotion'),
    entry('rewards', '/player/rewards'),
    entry('bank', '/player/bank'),
  ],
  [
    entry('history', '/player/deposit/history', 'layout:menu.history', [
      entry('deposit', '/player/deposit/history'),
      entry('withdraw', '/player/withdraw/history'),
      entry('promotion', '/player/promotion/history'),
    ]),
    // Player protection one tap from the drawer (issue 14; MGA: self-exclusion within one click of this page).
    entry('responsibleGaming', '/player/responsible-gaming'),
  ],
];
