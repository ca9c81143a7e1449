import { api } from '@/api';
import { PROVIDERS } from '@core/providers';
import type { createAppStore } from '@/app/store';
import type { Language } from '@/i18n/languages';
import type { FormPostState } from '@/ui/form/formPostState';

/** What the server knows of the request a form page is rendered for. */
export interface LiveRequest {
  language: Language;
  /** Answers the app's calls in process, with the request's own cookies (server/src/http/formPages.ts). */
  fetch: typeof fetch;
  /** The form tokens of this rendering, and the answer to a post. */
  formPost: FormPostState;
}

type State = ReturnType<ReturnType<typeof createAppStore>['getState']>;
type Dispatch = ReturnType<typeof createAppStore>['dispatch'];
/** A query started on the page's store, as its first render asks it. */
export type QueryCall = (dispatch: Dispatch) => PromiseLike<unknown>;

/** Each query runs once per rendering: a call is made only while its answer has not been asked for. */
function once(
  state: State,
  select: (state: State) => { isUninitialized: boolean },
  call: QueryCall,
): QueryCall[] {
  return select(state).isUninitialized ? [call] : [];
}

/** The player and their credits, which the layout of every /player page shows. */
function layoutQueries(state: State): QueryCall[] {
  return [
    ...once(state, api.endpoints.getAgencyInfo.select(), (dispatch) =>
      dispatch(api.endpoints.getAgencyInfo.initiate()),
    ),
    ...once(state, api.endpoints.getPlayerInfo.select(), (dispatch) =>
      dispatch(api.endpoints.getPlayerInfo.initiate()),
    ),
    ...once(state, api.endpoints.getPlayerProfile.select(), (dispatch) =>
      dispatch(api.endpoints.getPlayerProfile.initiate()),
    ),
    ...once(state, api.endpoints.getPlayerCredits.select(), (dispatch) =>
      dispatch(api.endpoints.getPlayerCredits.initiate()),
    ),
  ];
}

/**
 * The queries a page's first render asks, with the arguments its components use, for the pages the server
 * renders per request with a player's data: the page then draws complete (a browser without the app sees
 * it so) and the app takes it over from the same cache. Called again with each round's answers (a query may
 * need an earlier one's answer); an empty list ends the rounds.
 */
export function pageQueries(address: URL, state: State, request: LiveRequest): QueryCall[] {
  const path = address.pathname;
  const { language } = request;
  const bankPage = [
    ...once(state, api.endpoints.listBankAccounts.select(), (dispatch) =>
      dispatch(api.endpoints.listBankAccounts.initiate()),
    ),
    ...once(state, api.endpoints.listBanks.select(), (dispatch) =>
      dispatch(api.endpoints.listBanks.initiate()),
    ),
  ];
  switch (path) {
    case '/player/bank':
      return [...layoutQueries(state), ...bankPage];
    case '/player/deposit': {
      const current = api.endpoints.getCurrentPromotion.select({ lang: language })(state).data;
      const waiting = current?.usage?.status === 'ACTIVE' ? current.usage : undefined;
      const open = api.endpoints.listOpenDeposits.select()(state).data?.orders[0];
      return [
        ...layoutQueries(state),
        ...bankPage,
        ...once(state, api.endpoints.listOpenDeposits.select(), (dispatch) =>
          dispatch(api.endpoints.listOpenDeposits.initiate()),
        ),
        ...once(state, api.endpoints.listCurrencies.select(), (dispatch) =>
          dispatch(api.endpoints.listCurrencies.initiate()),
        ),
        ...once(state, api.endpoints.getCurrentPromotion.select({ lang: language }), (dispatch) =>
          dispatch(api.endpoints.getCurrentPromotion.initiate({ lang: language })),
        ),
        ...(waiting
          ? once(
              state,
              api.endpoints.getPromotion.select({ promotionId: waiting.promotionId, lang: language }),
              (dispatch) =>
                dispatch(
                  api.endpoints.getPromotion.initiate({ promotionId: waiting.promotionId, lang: language }),
                ),
            )
          : []),
        // The open order's QR, drawn by the server for a browser without the app.
        ...(open
          ? once(state, api.endpoints.getDepositQr.select({ code: open.code }), (dispatch) =>
              dispatch(api.endpoints.getDepositQr.initiate({ code: open.code })),
            )
          : []),
      ];
    }
    case '/player/withdraw': {
      const posted = request.formPost.answer?.form === 'withdraw' ? request.formPost.answer.values : {};
      // As the form chooses it: the post's, else the address's, else the first.
      const chosen = posted.provider ?? address.searchParams.get('provider');
      const provider = PROVIDERS.find((p) => p === chosen) ?? 'alphabet';
      return [
        ...layoutQueries(state),
        ...bankPage,
        ...once(state, api.endpoints.listCurrencies.select(), (dispatch) =>
          dispatch(api.endpoints.listCurrencies.initiate()),
        ),
        ...once(state, api.endpoints.listOpenWithdraws.select(), (dispatch) =>
          dispatch(api.endpoints.listOpenWithdraws.initiate()),
        ),
        ...once(state, api.endpoints.getPlayerCredit.select({ game: provider }), (dispatch) =>
          dispatch(api.endpoints.getPlayerCredit.initiate({ game: provider })),
        ),
        ...once(state, api.endpoints.getWithdrawPromotionInfo.select({ provider }), (dispatch) =>
          dispatch(api.endpoints.getWithdrawPromotionInfo.initiate({ provider })),
        ),
      ];
    }
    case '/player/deposit/history':
    case '/player/withdraw/history': {
      // The first page of the history, as the page asks for it (ui/orderHistory.tsx, useHistoryPaging).
      const page = Number(address.searchParams.get('page')) || 1;
      const pageSize = Number(address.searchParams.get('pageSize')) || 10;
      const list =
        path === '/player/deposit/history' ? api.endpoints.listDeposits : api.endpoints.listWithdraws;
      return [
        ...layoutQueries(state),
        ...once(state, list.select({ page, pageSize }), (dispatch) =>
          dispatch(list.initiate({ page, pageSize })),
        ),
      ];
    }
    default:
      // The login page and the sandbox bank: the form alone, with nobody's data.
      return [];
  }
}
