import { http, HttpResponse, type HttpHandler } from 'msw';
import type {
  AddBankAccountApiResponse,
  AddBankAccountRequest,
  Bank,
  BankAccount,
  CancelDepositApiResponse,
  CancelPromotionUsageApiArg,
  CancelPromotionUsageApiResponse,
  CheckDepositApiResponse,
  ClaimPromotionApiResponse,
  CreateDepositApiResponse,
  CreateDepositRequest,
  CreateWithdrawApiResponse,
  CreateWithdrawRequest,
  CurrencyEntry,
  DepositQr,
  GetCurrentPromotionApiResponse,
  GetDepositQrApiResponse,
  GetPromotionApiResponse,
  GetWithdrawPromotionInfoApiResponse,
  ListBankAccountsApiResponse,
  ListBanksApiResponse,
  ListCurrenciesApiResponse,
  ListDepositsApiResponse,
  ListOpenDepositsApiResponse,
  ListOpenWithdrawsApiResponse,
  ListPromotionsApiResponse,
  ListPromotionUsagesApiResponse,
  ListWithdrawsApiResponse,
  Order,
  PaySandboxQrApiArg,
  PaySandboxQrApiResponse,
  Promotion,
  PromotionUsage,
  Provider,
  RecheckPromotionUsageApiResponse,
  UsePromotionRequest,
} from '@/api';
import { depositCredit, withdrawAmount } from '@core/conversion';
import { withdrawLimits } from '@core/promotionLimits';
import { buildLaoQr, parseLaoQr } from '@core/laoQr';
import { parseThbToSatang, satangToThb } from '@core/money';
import type { FakeState } from './fakeState';
import { errorResponse, track } from './respond';

// A small in-memory bank, cashier and promotion desk with the refusals the real server gives, so the
// money pages can be driven end to end in tests. Every body is typed by the generated contract types.

const API = '*/api/v2';
const ZERO_DATE = '0001-01-01T00:00:00Z';
const DEPOSIT_TTL_MS = 15 * 60 * 1000;

/** Sample data for the money tests: the banks, rates, account and promotions of a Lao agency. */
export const testBanks: Bank[] = [
  { code: 'bcel', name: 'BCEL', accountNumberLength: [13, 18], acquirerIin: '27710418' },
  { code: 'jdb', name: 'JDB', accountNumberLength: [16], acquirerIin: '32170418' },
  { code: 'ldb', name: 'LDB', accountNumberLength: [15], acquirerIin: '70030418' },
  { code: 'indochina', name: 'Indochina Bank', accountNumberLength: [14], acquirerIin: '70140418' },
  { code: 'kasikam', name: 'Kasikorn Bank', accountNumberLength: [12], acquirerIin: '70010418' },
  { code: 'lvb', name: 'LVB', accountNumberLength: [13], acquirerIin: '70050418' },
];

export const testCurrencies: CurrencyEntry[] = [
  {
    isEnabled: true,
    code: 'LAOQR',
    mid: 'MID-LAOQR-01',
    displayName: 'LAO QR',
    currency: 'LAK',
    buy: '640.0000',
    sell: '650.0000',
  },
  {
    isEnabled: true,
    code: 'THB',
    mid: 'MID-THB-01',
    displayName: 'Thai QR',
    currency: 'THB',
    buy: '1.0000',
    sell: '1.0000',
  },
  {
    isEnabled: false,
    code: 'LAOQR2',
    mid: 'MID-LAOQR-02',
    displayName: 'Old LAO QR',
    currency: 'LAK',
    buy: '600.0000',
    sell: '700.0000',
  },
];

export const testBankAccount: BankAccount = {
  id: '2b8e7c1a-0d5f-4e3b-8a6c-1f2e3d4c5b6a',
  bank: 'bcel',
  accountNumber: '0101000123456',
  accountName: 'SOMCHAI PHOMMAVONG',
  currency: 'LAK',
  owner: 'somchai_88',
  createdAt: '2026-11-01T08:35:00.000Z',
};

export const testPromotions: Promotion[] = [
  {
    id: 'welcome-100',
    title: 'Welcome bonus 20%',
    description: '20% extra credit on your first deposit of 100,000 LAK.',
    status: 'ACTIVE',
    depositAmount: 100000,
    bonusPercent: 20,
    maxBonusCredit: 50000,
    turnover: 3,
    firstOrderOnly: true,
    withdrawAll: true,
    creditThreshold: 1000,
    maxWithdrawPercent: 500,
    minWithdrawCredit: 0,
  },
  {
    id: 'weekend-10',
    title: 'Weekend 10%',
    description: 'Ended last month.',
    status: 'INACTIVE',
    depositAmount: 200000,
    bonusPercent: 10,
    maxBonusCredit: 30000,
    turnover: 2,
    firstOrderOnly: false,
    withdrawAll: false,
    creditThreshold: 1000,
  },
];

/** An order with sensible defaults for history and open-order tests. */
export function testOrder(overrides: Partial<Order> & Pick<Order, 'code'>): Order {
  return {
    kind: 'DEPOSIT',
    provider: 'alphabet',
    amount: 100000,
    currency: 'LAK',
    credit: 15384,
    status: 'OPEN',
    bank: 'bcel',
    createdAt: '2026-11-22T07:10:00.000Z',
    updatedAt: '2026-11-22T07:10:00.000Z',
    ...overrides,
  };
}

function signedIn(state: FakeState) {
  return state.player !== null;
}

function page<T>(items: T[], request: Request) {
  const url = new URL(request.url);
  const pageNo = Number(url.searchParams.get('page') ?? 1);
  const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
  const start = (pageNo - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: pageNo, pageSize, total: items.length };
}

function newestFirst(orders: Order[]): Order[] {
  return [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

function lakEntry(state: FakeState, mid?: string) {
  return state.currencies.find(
    (c) => c.isEnabled && c.currency === 'LAK' && (mid === undefined || c.mid === mid),
  );
}

function creditOf(state: FakeState, provider: Provider): number {
  return parseThbToSatang(state.credits[provider] ?? '0.00') ?? 0;
}

function setCredit(state: FakeState, provider: Provider, satang: number): void {
  state.credits[provider] = satangToThb(satang);
}

function ownAccounts(state: FakeState) {
  return state.bankAccounts.filter((account) => account.owner === state.player?.username);
}

function currentUsage(state: FakeState): PromotionUsage | undefined {
  return state.usages.find((usage) => usage.status === 'ACTIVE' || usage.status === 'USED');
}

/** The QR the fake bank issues for an order (also what testers paste into the sandbox bank). */
export function qrOf(order: Order): DepositQr {
  return {
    code: order.code,
    qrText: buildLaoQr({
      acquirerIin: '27710418',
      merchantId: 'LAOSTAR',
      paymentType: '001',
      mcc: '7995',
      amountLak: order.amount,
      billNumber: order.code,
      merchantName: 'LAO STAR',
      merchantCity: 'VIENTIANE',
    }),
    amount: order.amount,
    currency: 'LAK',
    expiresAt: order.expiresAt ?? ZERO_DATE,
  };
}

function orderCode(prefix: 'D' | 'W', sequence: number): string {
  return `${prefix}26112200${String(sequence).padStart(2, '0')}ABCD`;
}

// Idempotent replays: the same key returns the first response body (per fake state).
const replays = new WeakMap<FakeState, Map<string, unknown>>();
function replayOf(state: FakeState, key: string | null): unknown {
  return key ? replays.get(state)?.get(key) : undefined;
}
function remember(state: FakeState, key: string | null, body: unknown): void {
  if (!key) return;
  const byKey = replays.get(state) ?? new Map<string, unknown>();
  byKey.set(key, body);
  replays.set(state, byKey);
}

export function moneyHandlers(state: FakeState): HttpHandler[] {
  /** Records the call, then answers 401 when signed out or the forced error, else undefined. */
  const guard = (request: Request, operationId: string, requiresPlayer = true) => {
    const forced: Response | undefined = track(state, request, operationId);
    if (requiresPlayer && !signedIn(state)) return errorResponse('UNAUTHORIZED');
    return forced;
  };

  return [
    http.get(`${API}/banks`, ({ request }) => {
      const refused = guard(request, 'listBanks', false);
      if (refused) return refused;
      return HttpResponse.json<ListBanksApiResponse>({ banks: state.banks });
    }),

    http.get(`${API}/players/bank-accounts`, ({ request }) => {
      const refused = guard(request, 'listBankAccounts');
      if (refused) return refused;
      return HttpResponse.json<ListBankAccountsApiResponse>({ bankAccounts: ownAccounts(state) });
    }),

    http.post(`${API}/players/bank-accounts`, async ({ request }) => {
      const refused = guard(request, 'addBankAccount');
      if (refused) return refused;
      const body = (await request.json()) as AddBankAccountRequest;
      if (body.currency !== 'LAK') return errorResponse('CURRENCY_NOT_ALLOWED');
      const bank = state.banks.find((b) => b.code === body.bank);
      if (
        !bank ||
        !/^\d+$/.test(body.accountNumber) ||
        !bank.accountNumberLength.includes(body.accountNumber.length)
      ) {
        return errorResponse('BANK_ACCOUNT_NUMBER_INVALID');
      }
      const same = state.bankAccounts.find(
        (a) => a.bank === body.bank && a.accountNumber === body.accountNumber,
      );
      if (same && same.owner !== state.player?.username) return errorResponse('ACCOUNT_IN_USED');
      if (same) return errorResponse('BANK_ACCOUNT_EXISTS');
      if (ownAccounts(state).length > 0) return errorResponse('BANK_ACCOUNT_LIMIT');
      const bankAccount = {
        id: crypto.randomUUID(),
        bank: body.bank,
        accountNumber: body.accountNumber,
        accountName: body.accountName,
        currency: 'LAK' as const,
        owner: state.player?.username ?? '',
        createdAt: new Date().toISOString(),
      };
      state.bankAccounts.push(bankAccount);
      return HttpResponse.json<AddBankAccountApiResponse>({ bankAccount }, { status: 201 });
    }),

    http.get(`${API}/currencies`, ({ request }) => {
      const refused = guard(request, 'listCurrencies', false);
      if (refused) return refused;
      return HttpResponse.json<ListCurrenciesApiResponse>({
        currencies: state.currencies.filter((c) => c.isEnabled),
      });
    }),

    http.get(`${API}/deposits/open`, ({ request }) => {
      const refused = guard(request, 'listOpenDeposits');
      if (refused) return refused;
      const orders = state.deposits.filter((o) => o.status === 'OPEN' || o.status === 'PAID');
      return HttpResponse.json<ListOpenDepositsApiResponse>({ orders });
    }),

    http.get(`${API}/deposits`, ({ request }) => {
      const refused = guard(request, 'listDeposits');
      if (refused) return refused;
      return HttpResponse.json<ListDepositsApiResponse>(page(newestFirst(state.deposits), request));
    }),

    http.post(`${API}/deposits`, async ({ request }) => {
      const refused = guard(request, 'createDeposit');
      if (refused) return refused;
      const key = request.headers.get('Idempotency-Key');
      const replay = replayOf(state, key);
      if (replay) return HttpResponse.json(replay as CreateDepositApiResponse, { status: 201 });
      const body = (await request.json()) as CreateDepositRequest;
      const limits = state.agency?.limits.deposit;
      if (!limits) return errorResponse('AGENCY_NOT_FOUND');
      if (!lakEntry(state, body.mid)) return errorResponse('PAYMENT_METHOD_NOT_FOUND');
      if (body.amount < limits.min || body.amount > limits.max) return errorResponse('AMOUNT_OUT_OF_RANGE');
      if (state.deposits.some((o) => o.status === 'OPEN')) return errorResponse('OPEN_ORDER');
      const usage = currentUsage(state);
      if (usage) {
        if (body.amount !== usage.depositAmount) return errorResponse('PROMOTION_AMOUNT_MISMATCH');
        const promotion = state.promotions.find((p) => p.id === usage.promotionId);
        if (promotion && creditOf(state, usage.provider) >= promotion.creditThreshold) {
          return errorResponse('PROMOTION_CREDIT_USED');
        }
      }
      const now = new Date();
      const order: Order = {
        code: orderCode('D', state.deposits.length + 1),
        kind: 'DEPOSIT',
        provider: body.provider,
        amount: body.amount,
        currency: 'LAK',
        credit: depositCredit(body.amount, lakEntry(state, body.mid)?.sell ?? '0.0000'),
        status: 'OPEN',
        bank: body.bank,
        mid: body.mid,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + DEPOSIT_TTL_MS).toISOString(),
      };
      state.deposits.push(order);
      const response: CreateDepositApiResponse = { order, qr: qrOf(order) };
      remember(state, key, response);
      return HttpResponse.json<CreateDepositApiResponse>(response, { status: 201 });
    }),

    http.get(`${API}/deposits/:code/qr`, ({ request, params }) => {
      const refused = guard(request, 'getDepositQr');
      if (refused) return refused;
      const order = state.deposits.find((o) => o.code === params.code);
      if (!order) return errorResponse('ORDER_NOT_FOUND');
      return HttpResponse.json<GetDepositQrApiResponse>(qrOf(order));
    }),

    http.post(`${API}/deposits/:code/check`, ({ request, params }) => {
      const refused = guard(request, 'checkDeposit');
      if (refused) return refused;
      const order = state.deposits.find((o) => o.code === params.code);
      if (!order) return errorResponse('ORDER_NOT_FOUND');
      if (order.status === 'OPEN') return errorResponse('DEPOSIT_NOT_PAID');
      if (order.status === 'PAID') {
        order.status = 'SUCCESS';
        order.updatedAt = new Date().toISOString();
        setCredit(
          state,
          order.provider,
          creditOf(state, order.provider) + order.credit + (order.bonusCredit ?? 0),
        );
      }
      if (order.status !== 'SUCCESS') return errorResponse('ORDER_CLOSED');
      return HttpResponse.json<CheckDepositApiResponse>({ order });
    }),

    http.post(`${API}/deposits/:code/cancel`, ({ request, params }) => {
      const refused = guard(request, 'cancelDeposit');
      if (refused) return refused;
      const order = state.deposits.find((o) => o.code === params.code);
      if (!order) return errorResponse('ORDER_NOT_FOUND');
      if (order.status !== 'OPEN') return errorResponse('ORDER_CLOSED');
      order.status = 'CANCELED';
      order.updatedAt = new Date().toISOString();
      return HttpResponse.json<CancelDepositApiResponse>({ order });
    }),

    http.post(`${API}/sandbox/bank/pay`, async ({ request }) => {
      const refused = guard(request, 'paySandboxQr', false);
      if (refused) return refused;
      if (!state.agency?.sandbox) return errorResponse('SANDBOX_DISABLED');
      const { qrText } = (await request.json()) as PaySandboxQrApiArg['body'];
      let billNumber: string;
      try {
        const parsed = parseLaoQr(qrText);
        if (!parsed.crcValid) return errorResponse('QR_INVALID');
        billNumber = parsed.billNumber;
      } catch {
        return errorResponse('QR_INVALID');
      }
      const order = state.deposits.find((o) => o.code === billNumber);
      if (!order) return errorResponse('ORDER_NOT_FOUND');
      if (order.status !== 'OPEN') return errorResponse('ORDER_CLOSED');
      order.status = 'PAID';
      order.updatedAt = new Date().toISOString();
      return HttpResponse.json<PaySandboxQrApiResponse>({
        billNumber,
        reference: `SANDBOX-${billNumber.slice(-4)}`,
        amount: order.amount,
        currency: 'LAK',
        merchantName: 'LAO STAR',
      });
    }),

    http.get(`${API}/withdraws/open`, ({ request }) => {
      const refused = guard(request, 'listOpenWithdraws');
      if (refused) return refused;
      return HttpResponse.json<ListOpenWithdrawsApiResponse>({
        orders: state.withdraws.filter((o) => o.status === 'OPEN'),
      });
    }),

    http.get(`${API}/withdraws/promotion-info`, ({ request }) => {
      const refused = guard(request, 'getWithdrawPromotionInfo');
      if (refused) return refused;
      const provider = new URL(request.url).searchParams.get('provider');
      const usage = currentUsage(state);
      const promotion = usage && state.promotions.find((p) => p.id === usage.promotionId);
      // The server's own rule (core/promotionLimits.ts), given the fake's facts.
      const limits = withdrawLimits(
        usage && {
          status: usage.status === 'USED' ? 'USED' : 'ACTIVE',
          provider: usage.provider,
          depositCredit: depositCredit(usage.depositAmount, lakEntry(state)?.sell ?? '0.0000'),
          bonusCredit: usage.bonusCredit,
          turnoverDone: usage.turnoverDone ?? 0,
        },
        promotion && {
          withdrawAll: promotion.withdrawAll,
          turnover: promotion.turnover,
          maxPayoutPercent: promotion.maxWithdrawPercent ?? 100,
          minWithdrawCredit: promotion.minWithdrawCredit ?? 0,
        },
        provider ?? '',
        usage ? creditOf(state, usage.provider) : 0,
      );
      const { hasPromotion, withdrawAll, receivedCredit, returnedCredit, maxCredit, minCredit } = limits;
      return HttpResponse.json<GetWithdrawPromotionInfoApiResponse>({
        hasPromotion,
        withdrawAll,
        receivedCredit,
        returnedCredit,
        maxCredit,
        minCredit,
      });
    }),

    http.get(`${API}/withdraws`, ({ request }) => {
      const refused = guard(request, 'listWithdraws');
      if (refused) return refused;
      return HttpResponse.json<ListWithdrawsApiResponse>(page(newestFirst(state.withdraws), request));
    }),

    http.post(`${API}/withdraws`, async ({ request }) => {
      const refused = guard(request, 'createWithdraw');
      if (refused) return refused;
      const key = request.headers.get('Idempotency-Key');
      const replay = replayOf(state, key);
      if (replay) return HttpResponse.json(replay as CreateWithdrawApiResponse, { status: 201 });
      const body = (await request.json()) as CreateWithdrawRequest;
      const account = ownAccounts(state).find((a) => a.id === body.bankAccountId);
      if (!account) return errorResponse('BANK_ACCOUNT_REQUIRED');
      const limits = state.agency?.limits.withdraw;
      if (!limits) return errorResponse('AGENCY_NOT_FOUND');
      if (body.credit < limits.min || body.credit > limits.max) return errorResponse('AMOUNT_OUT_OF_RANGE');
      const credit = creditOf(state, body.provider);
      if (body.credit > credit) return errorResponse('CREDIT_NOT_ENOUGH');
      const usage = currentUsage(state);
      const promotion = usage && state.promotions.find((p) => p.id === usage.promotionId);
      if (usage?.provider === body.provider && promotion?.withdrawAll && body.credit !== credit) {
        return errorResponse('PROMOTION_WITHDRAW_ALL');
      }
      setCredit(state, body.provider, credit - body.credit);
      const now = new Date().toISOString();
      const order: Order = {
        code: orderCode('W', state.withdraws.length + 1),
        kind: 'WITHDRAW',
        provider: body.provider,
        amount: withdrawAmount(body.credit, lakEntry(state)?.buy ?? '0.0000'),
        currency: 'LAK',
        credit: body.credit,
        status: 'OPEN',
        bank: account.bank,
        createdAt: now,
        updatedAt: now,
      };
      state.withdraws.push(order);
      const response: CreateWithdrawApiResponse = { order };
      remember(state, key, response);
      return HttpResponse.json<CreateWithdrawApiResponse>(response, { status: 201 });
    }),

    // Public: a visitor's home page shows the promotions in force as banners.
    http.get(`${API}/promotions/banners`, ({ request }) => {
      const refused = guard(request, 'listPromotionBanners', false);
      if (refused) return refused;
      return HttpResponse.json<ListPromotionsApiResponse>({
        promotions: state.promotions.filter((promotion) => promotion.status === 'ACTIVE'),
      });
    }),

    http.get(`${API}/promotions`, ({ request }) => {
      const refused = guard(request, 'listPromotions');
      if (refused) return refused;
      return HttpResponse.json<ListPromotionsApiResponse>({ promotions: state.promotions });
    }),

    http.post(`${API}/promotions/use`, async ({ request }) => {
      const refused = guard(request, 'claimPromotion');
      if (refused) return refused;
      const body = (await request.json()) as UsePromotionRequest;
      // In the server's order (checkClaim, server/src/domain/promotions/promotionRules.ts).
      if (state.bankAccounts.length === 0) return errorResponse('BANK_ACCOUNT_REQUIRED');
      if (state.blocked) return errorResponse('PROMOTION_BLOCKED');
      const promotion = state.promotions.find((p) => p.id === body.promotionId);
      if (!promotion) return errorResponse('PROMOTION_NOT_FOUND');
      if (promotion.status !== 'ACTIVE') return errorResponse('PROMOTION_INACTIVE');
      if (currentUsage(state)) return errorResponse('PROMOTION_IN_USE');
      if (state.usages.some((u) => u.promotionId === promotion.id && u.status === 'SUCCESS')) {
        return errorResponse('PROMOTION_ALREADY_USED');
      }
      if (promotion.firstOrderOnly && state.deposits.some((o) => o.status === 'SUCCESS')) {
        return errorResponse('PROMOTION_ONLY_FOR_FIRST_ORDER');
      }
      if (state.deposits.some((o) => o.status === 'OPEN'))
        return errorResponse('CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN');
      const usage: PromotionUsage = {
        usageId: crypto.randomUUID(),
        promotionId: promotion.id,
        promotionTitle: promotion.title,
        provider: body.providerId,
        status: 'ACTIVE',
        usedAt: new Date().toISOString(),
        depositAmount: promotion.depositAmount,
        bonusCredit: 0,
        endedAt: ZERO_DATE,
      };
      state.usages.unshift(usage);
      return HttpResponse.json<ClaimPromotionApiResponse>({ usage });
    }),

    http.get(`${API}/players/promotions/using`, ({ request }) => {
      const refused = guard(request, 'getCurrentPromotion');
      if (refused) return refused;
      return HttpResponse.json<GetCurrentPromotionApiResponse>({ usage: currentUsage(state) ?? null });
    }),

    http.post(`${API}/promotions/usages/recheck`, ({ request }) => {
      const refused = guard(request, 'recheckPromotionUsage');
      if (refused) return refused;
      const usage = currentUsage(state);
      const promotion = usage && state.promotions.find((p) => p.id === usage.promotionId);
      // The usage ends once the provider credit has fallen below the promotion's threshold.
      if (usage && promotion && creditOf(state, usage.provider) < promotion.creditThreshold) {
        usage.status = 'SUCCESS';
        usage.endedAt = new Date().toISOString();
      }
      return HttpResponse.json<RecheckPromotionUsageApiResponse>({ usage: currentUsage(state) ?? null });
    }),

    http.post(`${API}/promotions/usages/cancel`, async ({ request }) => {
      const refused = guard(request, 'cancelPromotionUsage');
      if (refused) return refused;
      const { usageId } = (await request.json()) as CancelPromotionUsageApiArg['body'];
      const usage = state.usages.find((u) => u.usageId === usageId);
      if (!usage) return errorResponse('PROMOTION_NOT_FOUND');
      if (usage.status !== 'ACTIVE' && usage.status !== 'USED') return errorResponse('PROMOTION_INACTIVE');
      usage.status = 'CANCELED';
      usage.endedAt = new Date().toISOString();
      return HttpResponse.json<CancelPromotionUsageApiResponse>({ usage });
    }),

    http.get(`${API}/promotions/usages`, ({ request }) => {
      const refused = guard(request, 'listPromotionUsages');
      if (refused) return refused;
      return HttpResponse.json<ListPromotionUsagesApiResponse>(page(state.usages, request));
    }),

    http.get(`${API}/promotions/:promotionId`, ({ request, params }) => {
      const refused = guard(request, 'getPromotion');
      if (refused) return refused;
      const promotion = state.promotions.find((p) => p.id === params.promotionId);
      if (!promotion) return errorResponse('PROMOTION_NOT_FOUND');
      return HttpResponse.json<GetPromotionApiResponse>({ promotion });
    }),
  ];
}
