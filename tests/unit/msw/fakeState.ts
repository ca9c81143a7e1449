import type {
  ReferralOverview,
  CashbackOverview,
  CheckInOverview,
  Exclusion,
  Protection,
  SessionSummary,
  AgencyInfoResponse,
  Bank,
  BankAccount,
  BetRound,
  CurrencyEntry,
  Error as ApiError,
  ErrorCode,
  Order,
  Player,
  Promotion,
  PromotionUsage,
  Provider,
} from '@/api';
import { parseThbToSatang, satangToThb } from '@core/money';

/**
 * The in-memory world the MSW handlers serve. Typed by the generated contract types, so a contract change
 * breaks the fakes at compile time (docs/architecture.md, convention 8).
 */
export interface FakeState {
  /** null → GET /v2/agency/info answers 404. */
  agency: AgencyInfoResponse['agency'] | null;
  /** The signed-in player; null means anonymous. */
  player: Player | null;
  /** Registered accounts that can log in. */
  /** Players who can log in; `fingerprint` is what registration sent. */
  accounts: Array<{ username: string; password: string; player: Player; fingerprint?: string }>;
  /** Credit per provider as the decimal strings the API returns. */
  credits: Record<Provider, string>;
  /** "Bring my credit along" (getWalletSettings). */
  bringCreditAlong: boolean;
  /** The player's rounds at seamless providers, newest first (listPlayerBets); playFakeRound adds one. */
  bets: BetRound[];
  banks: Bank[];
  bankAccounts: BankAccount[];
  currencies: CurrencyEntry[];
  deposits: Order[];
  withdraws: Order[];
  promotions: Promotion[];
  usages: PromotionUsage[];
  /** Blocked from promotions. */
  blocked: boolean;
  /** The player's favourite game ids (newest first) and recently launched ids (newest first). */
  favouriteGames: string[];
  recentGames: string[];
  /** Games taken off the list by the operator: launching them is refused. */
  disabledGames: string[];
  fingerprints: unknown[];
  /** Every request seen, as "METHOD /path" (path without /api and query). */
  requests: string[];
  /** The player's protection settings (getProtection); setLimit and the others change it. */
  protection: Protection;
  /** A time-out or self-exclusion in force: login and the profile carry it. */
  restriction: Exclusion | null;
  sessionSummary: SessionSummary;
  /** Loss cashback (getCashback); claimCashback pays a CLAIMABLE payment of it. */
  cashback: CashbackOverview;
  /** The daily check-in (getCheckIn); claimCheckIn checks today in when its reason is CLAIMABLE. */
  checkIn: CheckInOverview;
  /** Refer a friend (getReferral); claimReferral credits what is claimable. */
  referral: ReferralOverview;
  /** This login is the player's first (previousLoginAt is the zero time). */
  firstLogin: boolean;
  loginAt: string;
  /**
   * Force the next call of an operation to fail once with this code (and details), at the status the server
   * gives it unless the test plays something in front of the server.
   */
  failNext: Partial<Record<string, { code: ErrorCode; status?: number; details?: ApiError['details'] }>>;
}

export const testAgency: AgencyInfoResponse['agency'] = {
  id: 'agency-vientiane',
  name: 'Lao Star',
  currency: 'THB',
  social: {
    telegram: 'https://t.me/laostar',
    whatsapp: 'https://wa.me/8562055555555',
    facebook: 'https://facebook.com/laostar',
    twitter: 'https://twitter.com/laostar',
    line: 'https://line.me/ti/p/laostar',
  },
  limits: {
    username: { min: 4, max: 20 },
    password: { min: 8, max: 64 },
    deposit: { min: 94000, max: 200000000, currency: 'LAK' },
    withdraw: { min: 10000, max: 10000000, currency: 'THB' },
  },
  sandbox: true,
};

export const testPlayer: Player = {
  id: '7f0c8a52-7d1e-4c59-9f3e-0a9b1b2c3d4e',
  username: 'somchai_88',
  displayName: 'somchai_88',
  status: 'ACTIVE',
  currency: 'THB',
  createdAt: '2026-11-01T08:30:00.000Z',
};

export const testPassword = 'correct horse battery';

export function createFakeState(overrides: Partial<FakeState> = {}): FakeState {
  return {
    agency: testAgency,
    player: null,
    accounts: [{ username: testPlayer.username, password: testPassword, player: testPlayer }],
    credits: { alphabet: '153.84', askmebet: '0.00', gclub: '20.00', gclub_live: '1000.50' },
    bringCreditAlong: false,
    bets: [],
    favouriteGames: [],
    recentGames: [],
    disabledGames: [],
    banks: [],
    bankAccounts: [],
    currencies: [],
    deposits: [],
    withdraws: [],
    promotions: [],
    usages: [],
    blocked: false,
    fingerprints: [],
    requests: [],
    failNext: {},
    protection: {
      limits: [],
      exclusion: null,
      realityCheckMinutes: null,
      playedTodaySeconds: 0,
      playDayEndsAt: '2026-11-22T17:00:00.000Z',
    },
    restriction: null,
    sessionSummary: {
      startedAt: '2026-11-22T07:00:00.000Z',
      playedSeconds: 3900,
      net: '-35.00',
      playedTodaySeconds: 3900,
      playTimeLimitMinutes: null,
    },
    cashback: {
      enabled: true,
      terms: {
        period: 'WEEK',
        rateBasisPoints: 500,
        minLoss: 10000,
        maxPayment: 500000,
        turnover: 1,
        payment: 'AUTO',
        claimDays: 7,
      },
      current: {
        periodStart: '2026-11-22T17:00:00.000Z',
        periodEnd: '2026-11-29T17:00:00.000Z',
        providers: [
          { provider: 'alphabet', net: 0 },
          { provider: 'askmebet', net: 0 },
          { provider: 'gclub', net: 0 },
          { provider: 'gclub_live', net: 0 },
        ],
        net: 0,
        cashback: 0,
        reason: 'NET_WIN',
      },
      payments: [],
    },
    checkIn: {
      enabled: true,
      terms: {
        dayReward: 500,
        streakDays: 7,
        streakBonus: 5000,
        minDeposit: 100000,
        minTurnover: 10000,
        turnover: 1,
      },
      today: { day: '2026-11-23', deposited: 0, staked: 0, streak: 1, reward: 500, reason: 'NOT_QUALIFIED' },
      month: Array.from({ length: 30 }, (_, i) => ({
        day: `2026-11-${String(i + 1).padStart(2, '0')}`,
        claimed: false,
        amount: 500,
      })),
    },
    referral: {
      enabled: true,
      code: 'K7Q2M9XD',
      terms: { basis: 'STAKES', rateBasisPoints: 50, monthlyCap: 1000000, turnover: 1 },
      friends: 0,
      friendsPlayed: 0,
      thisMonth: 0,
      today: 0,
      claimable: 0,
      reason: 'NOTHING_YET',
    },
    firstLogin: false,
    loginAt: '2026-11-22T07:00:00.000Z',
    ...overrides,
  };
}

/**
 * A round at a seamless provider, as the provider's bet and win calls book it on the server: the credit at
 * that provider is the ledger, so it moves at once, and the round joins the player's bet history.
 */
export function playFakeRound(
  state: FakeState,
  round: { provider: Provider; gameId: string; gameName: string; stake: number; win: number },
): void {
  const credit = parseThbToSatang(state.credits[round.provider])!;
  if (round.stake > credit) throw new Error('a seamless bet above the credit is refused');
  state.credits[round.provider] = satangToThb(credit - round.stake + round.win);
  const at = new Date().toISOString();
  state.bets.unshift({
    provider: round.provider,
    roundId: `round-${state.bets.length + 1}`,
    gameId: round.gameId,
    gameName: round.gameName,
    status: 'ENDED',
    bets: round.stake,
    wins: round.win,
    refunds: 0,
    openedAt: at,
    endedAt: at,
  });
}
