import { periodChangeFrom } from '@core/rewardPeriods';
import { permissionOf } from './contractPermissions';
import { http, HttpResponse } from 'msw';
import { ROLE_PERMISSIONS, roleMay } from '@core/staffRoles';
import type {
  AuditChain,
  AuditEntry,
  AuditPage,
  StaffApplyPayment,
  StaffDashboard,
  StaffDepositPage,
  StaffGame,
  StaffGameChange,
  StaffLoginRequest,
  StaffNewPromotion,
  StaffPlayer,
  StaffPlayerPage,
  StaffPlayerStatusChange,
  StaffMember,
  StaffRoleChange,
  StaffCreditCorrection,
  StaffCreditCorrectionRequest,
  StaffPromotion,
  StaffPromotionRules,
  StaffPromotionText,
  StaffRole,
  StaffSession,
  StaffRewardSettings,
  StaffRewardSettingsChange,
  StaffSettings,
  StaffSettingsChange,
  StaffTransfer,
  StaffWalletCheck,
  StaffUnmatchedPayment,
  StaffWithdrawal,
  StaffWithdrawalDecision,
  StaffWithdrawalPage,
} from '@/backoffice/api/generated';
import { apiPath, errorResponse } from '../msw/respond';

/** The rules of the fake's promotion: a 500,000 LAK deposit for 50% up to 300 THB. */
export const SLOT_RULES: StaffPromotionRules = {
  depositAmount: 500_000,
  bonusPercent: 50,
  maxBonusCredit: 30_000,
  turnover: 5,
  firstOrderOnly: false,
  withdrawAll: true,
  creditThreshold: 5_000,
  oneTime: true,
  maxWithdrawPercent: 500,
  minWithdrawCredit: 0,
};

/** The one code the fake authenticator accepts. */
export const GOOD_CODE = '123456';
export const GOOD_PASSWORD = 'correct-horse-battery';

/** What the fake staff API holds for one test: who is signed in and the back office's data. */
export interface StaffState {
  /** Accounts that may sign in: username → role. */
  accounts: Record<string, StaffRole>;
  session: StaffSession | null;
  withdrawals: StaffWithdrawal[];
  promotions: StaffPromotion[];
  audit: AuditEntry[];
  chain: AuditChain;
  settings: StaffSettings;
  rewards: StaffRewardSettings;
  payments: StaffUnmatchedPayment[];
  /** Open deposit orders an unmatched payment may be applied to: code → amount (LAK). */
  openDeposits: Record<string, number>;
  transfers: StaffTransfer[];
  /** What the ledger-wallet check answers (checkStaffWallets). */
  walletCheck: StaffWalletCheck;
  games: StaffGame[];
  /** Players staff can open, by username. */
  players: Record<string, StaffPlayer>;
  /** The staff accounts as the owners' list shows them. */
  staff: StaffMember[];
  /** The body of every change, by "METHOD /path". */
  bodies: Record<string, unknown>;
  /** "METHOD /path" of every call, in order. */
  requests: string[];
  /** The next call of this path answers 401 UNAUTHORIZED, as when a session ends mid-work. */
  endSessionOn?: string;
}

export function sessionFor(username: string, role: StaffRole): StaffSession {
  return {
    username,
    displayName: username.toUpperCase(),
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    idleMinutes: 15,
  };
}

export function waitingWithdrawal(over: Partial<StaffWithdrawal> = {}): StaffWithdrawal {
  return {
    code: 'W-2611-0001',
    username: 'somchai',
    provider: 'gclub',
    amount: 1_300_000,
    credit: 20_000,
    status: 'OPEN',
    bank: 'bcel',
    accountNumber: '0101000012345',
    accountName: 'SOMCHAI PHOMMAVONG',
    createdAt: '2026-11-29T02:00:00.000Z',
    reviewReason: 'OVER_AUTOMATIC_LIMIT',
    approvals: [],
    approvalsNeeded: 1,
    riskFlags: ['OVER_AUTOMATIC_LIMIT'],
    linkedPlayers: [],
    reviewBy: '2026-11-29T03:00:00.000Z',
    takenBy: null,
    player: {
      registeredAt: '2026-11-20T02:00:00.000Z',
      registeredName: 'Somchai Phommavong',
      nameMatches: true,
      deposited: 2_600_000,
      withdrawn: 0,
      turnover: null,
    },
    ...over,
  };
}

/** A player as getStaffPlayer answers, with nothing but a profile and a link to another account. */
export function staffPlayer(username: string): StaffPlayer {
  return {
    player: {
      username,
      displayName: username.toUpperCase(),
      status: 'ACTIVE',
      promotionBlocked: false,
      createdAt: '2026-10-01T02:00:00.000Z',
      lastLoginAt: '2026-11-29T01:00:00.000Z',
    },
    bankAccount: null,
    credits: [],
    orders: [],
    rounds: [],
    promotions: [],
    rewards: [],
    limits: [],
    exclusions: [],
    sessions: [],
    notes: [],
    corrections: [],
    linkedPlayers: [{ username: `${username}2`, kinds: ['FINGERPRINT'] }],
  };
}

/** A staff account as listStaff answers it: enrolled, never signed in. */
export function staffMember(username: string, role: StaffRole): StaffMember {
  return {
    username,
    displayName: username,
    role,
    disabled: false,
    enrolled: true,
    createdAt: '2026-11-01T02:00:00.000Z',
    lastSignIn: null,
    sessions: [],
  };
}

export function createStaffState(over: Partial<StaffState> = {}): StaffState {
  return {
    accounts: { noy: 'operator', kham: 'marketing', boss: 'owner' },
    session: null,
    withdrawals: [waitingWithdrawal()],
    players: { somchai: staffPlayer('somchai') },
    staff: [
      staffMember('boss', 'owner'),
      {
        ...staffMember('noy', 'operator'),
        lastSignIn: { at: '2026-12-01T02:00:00.000Z', address: '10.0.0.7' },
        sessions: [
          { at: '2026-12-01T02:00:00.000Z', address: '10.0.0.7', lastSeenAt: '2026-12-01T02:10:00.000Z' },
        ],
      },
    ],
    promotions: [
      {
        id: 'slot-50',
        status: 'ACTIVE',
        endsAt: '2026-12-02T01:00:00.000Z',
        imageUrl: null,
        texts: [{ lang: 'lo', title: 'ຄືນຮັກສະລັອດ 50%', description: 'ຮັບຄືນ 50%' }],
        rules: SLOT_RULES,
        claimed: false,
      },
    ],
    audit: [
      {
        seq: 1,
        at: '2026-11-29T01:57:00.000Z',
        actor: 'ops:root',
        action: 'staff.create',
        target: 'staff:boss',
        before: null,
        after: { role: 'owner' },
        address: 'cli',
      },
    ],
    chain: { intact: true, rows: 1, brokenAt: null },
    settings: {
      fourEyesAboveCredit: null,
      automaticWithdrawMaxCredit: null,
      automaticWithdrawDefaultCredit: 100_000,
      depositMinLak: null,
      depositMaxLak: null,
      depositDefaultMinLak: 94_000,
      depositDefaultMaxLak: 200_000_000,
    },
    rewards: {
      cashback: {
        enabled: true,
        rateBasisPoints: 500,
        period: 'WEEK',
        minLoss: 10_000,
        maxPayment: 500_000,
        turnover: 1,
        payment: 'AUTO',
      },
      checkIn: {
        enabled: true,
        dayReward: 500,
        streakDays: 7,
        streakBonus: 5_000,
        minDeposit: 100_000,
        minTurnover: 10_000,
        turnover: 1,
      },
      referral: { enabled: true, basis: 'STAKES', rateBasisPoints: 50, monthlyCap: 1_000_000, turnover: 1 },
    },
    payments: [
      {
        reference: 'BCEL-20261129-0042',
        billNumber: 'D2611290000UNKNOWN',
        amount: 100_000,
        currency: 'LAK',
        paidAt: '2026-11-29T01:40:00.000Z',
        receivedAt: '2026-11-29T01:40:02.000Z',
        candidates: [
          {
            code: 'D2611290001ABCD',
            username: 'somchai',
            amount: 100_000,
            status: 'OPEN',
            createdAt: '2026-11-29T01:35:00.000Z',
            closeReference: false,
          },
        ],
      },
    ],
    openDeposits: { D2611290001ABCD: 100_000 },
    walletCheck: { differences: [], openRounds: [], tombstones: [] },
    transfers: [
      {
        reference: 'dep:D2611290002ABCD',
        provider: 'alphabet',
        username: 'somchai',
        direction: 'IN',
        amount: 15_384,
        kind: 'DEPOSIT',
        status: 'PENDING',
        attempts: 4,
        lastError: 'provider unavailable',
        createdAt: '2026-11-29T01:00:00.000Z',
        nextAttemptAt: '2026-11-29T01:20:00.000Z',
        stuck: true,
      },
    ],
    games: [
      {
        id: 'amb-slot-golden-naga',
        provider: 'askmebet',
        category: 'slot',
        name: 'Golden Naga',
        thumbnail: '/games/art/slot-cherry.svg',
        isNew: false,
        isHot: false,
        order: 10,
        opensIn: 'frame',
        enabled: true,
      },
    ],
    bodies: {},
    requests: [],
    ...over,
  };
}

const DASHBOARD: StaffDashboard = {
  day: '2026-11-29',
  deposits: { count: 3, amount: 2_600_000 },
  withdrawals: { count: 1, amount: 650_000 },
  net: 1_950_000,
  newPlayers: 2,
  activePlayers: 5,
  waiting: { withdrawals: 1, unmatchedPayments: 0, failedTransfers: 0 },
};

/**
 * The staff operations as the server answers them, for the screens' tests: a session cookie stands for
 * state.session, each operation refuses a role without its permission (the contract's x-permission), and
 * the refusals carry the server's codes and statuses (core/errorStatus.ts through errorResponse).
 */
export function staffHandlers(state: StaffState) {
  // A staff session, and the permission the contract's x-permission names for the call.
  const guard = (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    state.requests.push(`${request.method} ${path}`);
    if (state.endSessionOn === path) {
      state.session = null;
      state.endSessionOn = undefined;
    }
    if (!state.session) return errorResponse('UNAUTHORIZED');
    const permission = permissionOf(request.method, path);
    if (permission && !roleMay(state.session.role, permission)) return errorResponse('STAFF_FORBIDDEN');
    return undefined;
  };
  const decide = (code: string, approve: boolean): StaffWithdrawalDecision | Response => {
    const withdrawal = state.withdrawals.find((w) => w.code === code);
    if (!withdrawal || withdrawal.status !== 'OPEN') return errorResponse('NOT_FOUND');
    const actor = `staff:${state.session!.username}`;
    if (!approve) {
      withdrawal.status = 'REJECTED';
      return { outcome: 'REJECTED', withdrawal };
    }
    if (withdrawal.approvals.some((a) => a.actor === actor)) return errorResponse('APPROVAL_SAME_STAFF');
    withdrawal.approvals.push({ actor, at: '2026-11-29T02:05:00.000Z' });
    if (withdrawal.approvals.length < withdrawal.approvalsNeeded)
      return { outcome: 'AWAITING_SECOND_APPROVAL', withdrawal };
    withdrawal.status = 'SUCCESS';
    return { outcome: 'PAID', withdrawal };
  };

  return [
    http.get(apiPath('/v2/backoffice/session'), ({ request }) => {
      state.requests.push(`GET ${new URL(request.url).pathname.replace(/^\/api/, '')}`);
      return state.session ? HttpResponse.json(state.session) : errorResponse('UNAUTHORIZED');
    }),
    http.post(apiPath('/v2/backoffice/session'), async ({ request }) => {
      const body = (await request.json()) as StaffLoginRequest;
      state.requests.push('POST /v2/backoffice/session');
      const role = state.accounts[body.username];
      if (!role || body.password !== GOOD_PASSWORD || body.code !== GOOD_CODE)
        return errorResponse('STAFF_LOGIN_FAILED');
      state.session = sessionFor(body.username, role);
      return HttpResponse.json(state.session);
    }),
    http.post(apiPath('/v2/backoffice/session/end'), () => {
      state.requests.push('POST /v2/backoffice/session/end');
      state.session = null;
      return HttpResponse.json({ ok: true as const });
    }),
    http.get(apiPath('/v2/backoffice/dashboard'), ({ request }) => {
      return guard(request) ?? HttpResponse.json(DASHBOARD);
    }),
    http.get(apiPath('/v2/backoffice/withdrawals'), ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const status = new URL(request.url).searchParams.get('status');
      const items = state.withdrawals.filter((w) => !status || w.status === status);
      const page: StaffWithdrawalPage = { items, page: 1, pageSize: 20, total: items.length };
      return HttpResponse.json(page);
    }),
    http.post(apiPath('/v2/backoffice/withdrawals/:code/approve'), ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const decision = decide(String(params.code), true);
      return decision instanceof Response ? decision : HttpResponse.json(decision);
    }),
    http.post(apiPath('/v2/backoffice/withdrawals/:code/reject'), async ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      state.bodies[`POST /v2/backoffice/withdrawals/${String(params.code)}/reject`] = await request.json();
      const decision = decide(String(params.code), false);
      return decision instanceof Response ? decision : HttpResponse.json(decision);
    }),
    http.get(apiPath('/v2/backoffice/promotions'), ({ request }) => {
      return guard(request) ?? HttpResponse.json(state.promotions);
    }),
    http.post(apiPath('/v2/backoffice/promotions'), async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const input = (await request.json()) as StaffNewPromotion;
      if (state.promotions.some((p) => p.id === input.id)) return errorResponse('PROMOTION_ID_TAKEN');
      const created: StaffPromotion = {
        id: input.id,
        status: 'ACTIVE',
        endsAt: input.endsAt,
        imageUrl: input.imageUrl ?? null,
        texts: [{ lang: 'lo', title: input.title, description: input.description }],
        rules: input.rules,
        claimed: false,
      };
      state.promotions.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post(apiPath('/v2/backoffice/promotions/:promotionId/rules'), async ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const promotion = state.promotions.find((p) => p.id === params.promotionId);
      if (!promotion) return errorResponse('PROMOTION_NOT_FOUND');
      if (promotion.claimed) return errorResponse('PROMOTION_RULES_LOCKED');
      promotion.rules = (await request.json()) as StaffPromotionRules;
      return HttpResponse.json(promotion);
    }),
    http.post(apiPath('/v2/backoffice/promotions/:promotionId/texts'), async ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const text = (await request.json()) as StaffPromotionText;
      const promotion = state.promotions.find((p) => p.id === params.promotionId);
      if (!promotion) return errorResponse('PROMOTION_NOT_FOUND');
      promotion.texts = [...promotion.texts.filter((x) => x.lang !== text.lang), text];
      return HttpResponse.json(promotion);
    }),
    http.get(apiPath('/v2/backoffice/audit'), ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      // The server's filters, as far as the screens' tests need them: an action and every one under it.
      const action = new URL(request.url).searchParams.get('action');
      const items = state.audit.filter(
        (e) => !action || e.action === action || e.action.startsWith(`${action}.`),
      );
      const page: AuditPage = {
        items,
        page: 1,
        pageSize: 50,
        total: items.length,
        chain: state.chain,
      };
      return HttpResponse.json(page);
    }),
    http.get(apiPath('/v2/backoffice/deposits'), ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const page: StaffDepositPage = { items: [], page: 1, pageSize: 20, total: 0 };
      return HttpResponse.json(page);
    }),
    http.get(apiPath('/v2/backoffice/payments'), ({ request }) => {
      return guard(request) ?? HttpResponse.json({ items: state.payments });
    }),
    http.post(apiPath('/v2/backoffice/payments/:reference/apply'), async ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as StaffApplyPayment;
      state.bodies[`POST /v2/backoffice/payments/${String(params.reference)}/apply`] = body;
      const payment = state.payments.find((p) => p.reference === params.reference);
      if (!payment) return errorResponse('NOT_FOUND');
      const amount = state.openDeposits[body.code];
      if (amount === undefined) return errorResponse('ORDER_NOT_FOUND');
      if (amount !== payment.amount) return errorResponse('VALIDATION_ERROR');
      state.payments = state.payments.filter((p) => p !== payment);
      delete state.openDeposits[body.code];
      return HttpResponse.json({ ok: true as const });
    }),
    http.get(apiPath('/v2/backoffice/players'), ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const items = Object.values(state.players).map((p) => p.player);
      const page: StaffPlayerPage = { items, page: 1, pageSize: 20, total: items.length };
      return HttpResponse.json(page);
    }),
    http.get(apiPath('/v2/backoffice/players/:username'), ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const player = state.players[String(params.username)];
      return player ? HttpResponse.json(player) : errorResponse('NOT_FOUND');
    }),
    http.post(apiPath('/v2/backoffice/players/:username/status'), async ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as StaffPlayerStatusChange;
      state.bodies[`POST /v2/backoffice/players/${String(params.username)}/status`] = body;
      const player = state.players[String(params.username)];
      if (!player) return errorResponse('NOT_FOUND');
      player.player = { ...player.player, status: body.status };
      return HttpResponse.json(player.player);
    }),
    http.post(apiPath('/v2/backoffice/withdrawals/:code/take'), ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const w = state.withdrawals.find((x) => x.code === params.code);
      if (!w) return errorResponse('NOT_FOUND');
      w.takenBy ??= {
        username: state.session!.username,
        displayName: state.session!.displayName,
        since: new Date().toISOString(),
      };
      return HttpResponse.json(w);
    }),
    http.post(apiPath('/v2/backoffice/withdrawals/:code/release'), ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const w = state.withdrawals.find((x) => x.code === params.code);
      if (!w) return errorResponse('NOT_FOUND');
      if (w.takenBy?.username === state.session!.username) w.takenBy = null;
      return HttpResponse.json(w);
    }),
    http.get(apiPath('/v2/backoffice/staff'), ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      return HttpResponse.json(state.staff);
    }),
    http.post(apiPath('/v2/backoffice/staff/:staffUsername/role'), async ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const username = String(params.staffUsername);
      const body = (await request.json()) as StaffRoleChange;
      state.bodies[`POST /v2/backoffice/staff/${username}/role`] = body;
      const member = state.staff.find((m) => m.username === username);
      if (!member) return errorResponse('NOT_FOUND');
      if (username === state.session!.username) return errorResponse('VALIDATION_ERROR');
      member.role = body.role;
      return HttpResponse.json(member);
    }),
    http.post(apiPath('/v2/backoffice/players/:username/corrections'), async ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const username = String(params.username);
      const body = (await request.json()) as StaffCreditCorrectionRequest;
      state.bodies[`POST /v2/backoffice/players/${username}/corrections`] = body;
      const player = state.players[username];
      if (!player) return errorResponse('NOT_FOUND');
      const correction: StaffCreditCorrection = {
        id: String(player.corrections.length + 1),
        username,
        ...body,
        status: 'PENDING',
        requestedBy: `staff:${state.session!.username}`,
        requestedAt: new Date().toISOString(),
        decidedBy: null,
        decidedAt: null,
      };
      player.corrections.unshift(correction);
      return HttpResponse.json(correction, { status: 201 });
    }),
    http.post(apiPath('/v2/backoffice/corrections/:correctionId/:decision'), ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const correction = Object.values(state.players)
        .flatMap((p) => p.corrections)
        .find((c) => c.id === params.correctionId);
      if (!correction) return errorResponse('NOT_FOUND');
      if (correction.status !== 'PENDING') return errorResponse('CORRECTION_DECIDED');
      const by = `staff:${state.session!.username}`;
      if (params.decision === 'approve' && correction.requestedBy === by)
        return errorResponse('APPROVAL_SAME_STAFF');
      correction.status = params.decision === 'approve' ? 'APPLIED' : 'REFUSED';
      correction.decidedBy = by;
      correction.decidedAt = new Date().toISOString();
      return HttpResponse.json(correction);
    }),
    http.post(apiPath('/v2/backoffice/payments/:reference/refund'), ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const before = state.payments.length;
      state.payments = state.payments.filter((p) => p.reference !== params.reference);
      return before === state.payments.length
        ? errorResponse('NOT_FOUND')
        : HttpResponse.json({ ok: true as const });
    }),
    http.get(apiPath('/v2/backoffice/transfers'), ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const failed = new URL(request.url).searchParams.get('which') === 'failed';
      const items = state.transfers.filter((x) =>
        failed ? x.status === 'FAILED' || x.stuck : x.status === 'PENDING',
      );
      return HttpResponse.json({ items });
    }),
    http.get(apiPath('/v2/backoffice/transfers/differences'), ({ request }) => {
      return guard(request) ?? HttpResponse.json(state.walletCheck);
    }),
    http.post(apiPath('/v2/backoffice/transfers/:reference/retry'), ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const transfer = state.transfers.find((x) => x.reference === params.reference);
      if (!transfer) return errorResponse('NOT_FOUND');
      if (transfer.status !== 'PENDING') return errorResponse('VALIDATION_ERROR');
      state.transfers = state.transfers.filter((x) => x !== transfer);
      return HttpResponse.json({ delivery: 'DELIVERED' as const });
    }),
    http.get(apiPath('/v2/backoffice/games'), ({ request }) => {
      return guard(request) ?? HttpResponse.json({ games: state.games });
    }),
    http.post(apiPath('/v2/backoffice/games/:gameId'), async ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const change = (await request.json()) as StaffGameChange;
      state.bodies[`POST /v2/backoffice/games/${String(params.gameId)}`] = change;
      const game = state.games.find((g) => g.id === params.gameId);
      if (!game) return errorResponse('GAME_NOT_FOUND');
      Object.assign(game, change);
      return HttpResponse.json(game);
    }),
    http.get(apiPath('/v2/backoffice/rewards'), ({ request }) => {
      return guard(request) ?? HttpResponse.json(state.rewards);
    }),
    http.post(apiPath('/v2/backoffice/rewards'), async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const change = (await request.json()) as StaffRewardSettingsChange;
      state.bodies['POST /v2/backoffice/rewards'] = change;
      // A new cashback period kind waits for the next week's start, as on the server (docs/rewards.md).
      const { period, ...cashback } = change.cashback ?? {};
      const inForce = state.rewards.cashback.period;
      const waiting =
        period === undefined ? state.rewards.cashbackPeriodChange : period === inForce ? undefined : period;
      state.rewards = {
        cashback: { ...state.rewards.cashback, ...cashback },
        checkIn: { ...state.rewards.checkIn, ...change.checkIn },
        referral: { ...state.rewards.referral, ...change.referral },
        ...(typeof waiting === 'string'
          ? { cashbackPeriodChange: { period: waiting, from: periodChangeFrom(new Date()).toISOString() } }
          : waiting
            ? { cashbackPeriodChange: waiting }
            : {}),
      };
      return HttpResponse.json(state.rewards);
    }),
    http.get(apiPath('/v2/backoffice/settings'), ({ request }) => {
      return guard(request) ?? HttpResponse.json(state.settings);
    }),
    http.post(apiPath('/v2/backoffice/settings'), async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const change = (await request.json()) as StaffSettingsChange;
      state.bodies['POST /v2/backoffice/settings'] = change;
      const next = { ...state.settings, ...change };
      // As the server: four eyes never below the automatic limit in force (docs/backoffice.md).
      const automatic = next.automaticWithdrawMaxCredit ?? next.automaticWithdrawDefaultCredit;
      if (next.fourEyesAboveCredit !== null && automatic > 0 && next.fourEyesAboveCredit < automatic)
        return errorResponse('FOUR_EYES_BELOW_AUTOMATIC');
      state.settings = next;
      return HttpResponse.json(state.settings);
    }),
  ];
}
