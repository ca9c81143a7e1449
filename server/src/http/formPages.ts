import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '@core/prerender';
import { parseTypedBaht, parseTypedKip } from '@core/money';
import {
  CSRF_FIELD,
  FORM_FIELD,
  FORM_PAGES,
  KEY_FIELD,
  LIVE_READ_PAGES,
  type FormPostState,
  type PostedForm,
} from '@core/formPosts';
import type { AppContext } from '../context';
import { currentSession, sessionToken } from './auth';
import type { LiveRenderer } from './pageRender';

/**
 * The pages on the way to a first deposit and withdrawal work before the app's code has arrived, and with
 * JavaScript off: the server renders them per request with the player's own answers, in the player's
 * language, and their forms are real HTML forms posted to the page's own address. A post is answered
 * through the same operations as the app's calls: it is turned into the operation's JSON request and run
 * in process through the API itself (contract validation, session, idempotency, protection rules and
 * refusals alike), then answered with the next page (after a success, by a redirect) or with the form and
 * the refusal in the player's language. The forms and what the server writes into them:
 * src/ui/form/formPost.ts.
 */

const LANGUAGES = ['lo', 'th', 'cn', 'vn'] as const;
type Language = (typeof LANGUAGES)[number];

/** The form pages' paths: their posts are form-encoded (security.ts lets them through its JSON rule). */
export const FORM_PAGE_PATHS: ReadonlySet<string> = new Set(Object.keys(FORM_PAGES));

/** A posted body is a few fields: anything larger is no form of ours. */
const FORM_BODY_LIMIT = 16 * 1024;

/** The page's language: the one the app told the server (its cookie), else Lao. */
function pageLanguage(req: FastifyRequest): Language {
  const chosen = req.cookies[LANGUAGE_COOKIE];
  return (LANGUAGES as readonly string[]).includes(chosen ?? '') ? (chosen as Language) : 'lo';
}

/**
 * The form token of a session: derived from the session's secret cookie, which no other site can read, so
 * it proves the post came from a page this server rendered for this session (on top of SameSite=Lax and
 * the Origin check every post passes in security.ts).
 */
export function formToken(session: string): string {
  return createHash('sha256').update(`form-token\n${session}`).digest('base64url');
}

function sameToken(sent: string | undefined, expected: string): boolean {
  if (typeof sent !== 'string' || sent.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
}

/** A fresh duplicate-submit key for one rendering of a form (the contract's Idempotency-Key pattern). */
const newKey = () => randomUUID();

/** "/player/deposit?x=1" → "/player/deposit" */
const pathOf = (url: string) => {
  const bare = url.split('?')[0] ?? '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
};

/**
 * Whether a GET of this page is rendered here per request: the player's form pages always (they hold the
 * player's answers), the sandbox bank when a QR is handed to it in the address. The login page and the
 * bare sandbox bank hold nobody's data: the build's file serves them (their forms post all the same).
 */
function rendersOnGet(url: string): boolean {
  const path = pathOf(url);
  if (path === '/sandbox/bank') return new URL(url, 'http://x').searchParams.has('qr');
  return (FORM_PAGE_PATHS.has(path) || LIVE_READ_PAGES.includes(path)) && path.startsWith('/player');
}

/** An answer of the API called in process. */
interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * Calls the API in process with the request's own cookies and address, as the app would from this page:
 * the same route, hooks and handler. The origin is the page's own (the post itself passed that check).
 */
function callApi(app: FastifyInstance, req: FastifyRequest) {
  return async (
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await app.inject({
      method,
      url,
      remoteAddress: req.ip,
      headers: {
        host: req.host,
        origin: `${req.protocol}://${req.host}`,
        accept: 'application/json',
        ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
        ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    let parsed: unknown;
    try {
      parsed = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, body: parsed, headers: res.headers };
  };
}

/** The fetch the page renderer's store uses: the app's own queries, answered in process. */
function inProcessFetch(app: FastifyInstance, req: FastifyRequest): typeof fetch {
  const call = callApi(app, req);
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const method = request.method === 'POST' ? 'POST' : 'GET';
    const text = method === 'POST' ? await request.text() : '';
    const answer = await call(method, url.pathname + url.search, text ? JSON.parse(text) : undefined);
    const noBody = answer.status === 204 || answer.status === 304;
    return new Response(noBody ? null : JSON.stringify(answer.body ?? null), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** The error an API answer carries, as the app's texts name it (src/api/errors.ts, apiErrorKey). */
function refusalOf(answer: Answer): { code: string; remaining?: number } {
  const body = answer.body as
    { code?: unknown; details?: { field?: unknown; message?: unknown }[] } | undefined;
  const code = typeof body?.code === 'string' ? body.code : 'INTERNAL_ERROR';
  const remaining = Array.isArray(body?.details)
    ? body.details.find((d) => d.field === 'remaining' && typeof d.message === 'string')
    : undefined;
  return remaining ? { code, remaining: Number(remaining.message) } : { code };
}

/** Login never says whether the username exists (src/features/auth/LoginPage.tsx, loginErrorKey). */
function loginRefusalKey(answer: Answer): string {
  if (answer.status === 429) return 'errors:TOO_MANY_ATTEMPTS';
  const { code } = refusalOf(answer);
  if (code === 'PLAYER_BLOCKED' || code === 'INTERNAL_ERROR') return `errors:${code}`;
  return 'errors:LOGIN_FAILED';
}

/**
 * Where a login posted without the app sends the player: the page it was asked to return to (of this site
 * only, src/lib/loginReturn.ts), else the deposit page. The app's own home (/player) is drawn by its code;
 * a browser without it would land on an empty page, while the deposit page is rendered here with the
 * player's answers and the links to the other money pages.
 */
const NO_APP_HOME = '/player/deposit';
function loginNext(url: string): string {
  const next = new URL(url, 'http://x').searchParams.get('next');
  const own = next && /^\/player(\/|$|\?)/.test(next) && !next.startsWith('//') ? next : undefined;
  return own && pathOf(own) !== '/player' ? own : NO_APP_HOME;
}

/** A posted field as text ('' when absent or sent twice). */
const field = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

/** The address parameter naming the withdrawal a form post created (the page after the post shows it). */
const CREATED_PARAM = 'created';

/** What each form posts to the API, and what a success answers with. */
type Outcome =
  | { redirect: string; cookies?: string | string[] }
  | { answer: NonNullable<FormPostState['answer']>; status: number };

export interface FormPages {
  /** Sends the page rendered for this request with fresh form tokens: false when it is not rendered here. */
  render(req: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export function registerFormPages(
  app: FastifyInstance,
  ctx: AppContext,
  renderer: LiveRenderer | undefined,
): FormPages {
  const tokensFor = (req: FastifyRequest): FormPostState => {
    const session = sessionToken(req, ctx.config);
    return { ...(session ? { csrf: formToken(session) } : {}), key: newKey() };
  };

  const sendPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    url: string,
    state: FormPostState,
    status = 200,
  ): Promise<boolean> => {
    if (!renderer) return false;
    // A player page for a session that has ended: to the login page, and back here after it.
    if (pathOf(url).startsWith('/player') && !(await currentSession(req, ctx))) {
      void reply.redirect(`/login?next=${encodeURIComponent(pathOf(url))}`, 303);
      return true;
    }
    const html = await renderer.renderLive(url, {
      language: pageLanguage(req),
      fetch: inProcessFetch(app, req),
      formPost: state,
    });
    // One player's page: never kept by a browser's or a proxy's cache, nor by the service worker.
    void reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
    return true;
  };

  /** Runs a posted form through the API: its outcome. */
  const run = async (
    req: FastifyRequest,
    form: PostedForm,
    body: Record<string, unknown>,
  ): Promise<Outcome> => {
    const api = callApi(app, req);
    const key = field(body, KEY_FIELD);
    const keyHeader: Record<string, string> = /^[A-Za-z0-9_-]{8,64}$/.test(key)
      ? { 'Idempotency-Key': key }
      : {};
    const values: Record<string, string> = {};
    /** A posted field, kept to draw the form again with it after a refusal. */
    const take = (name: string): string => (values[name] = field(body, name));
    const path = pathOf(req.url);
    const refused = (answer: Answer, errorKey?: string): Outcome => {
      // The session ended meanwhile: to the login page, and back here after it.
      if (answer.status === 401 && form !== 'login')
        return { redirect: `/login?next=${encodeURIComponent(path)}` };
      const { code, remaining } = refusalOf(answer);
      return {
        status: answer.status >= 400 ? answer.status : 422,
        answer: {
          form,
          values,
          error: errorKey ?? `errors:${code}`,
          ...(remaining === undefined ? {} : { remaining }),
        },
      };
    };
    switch (form) {
      case 'login': {
        const username = (values.username = field(body, 'username').trim().toLowerCase());
        const answer = await api('POST', '/api/v2/players/login', {
          username,
          password: field(body, 'password'),
        });
        if (answer.status >= 400) return refused(answer, loginRefusalKey(answer));
        const cookies = answer.headers['set-cookie'];
        return { redirect: loginNext(req.url), cookies: cookies as string | string[] | undefined };
      }
      case 'bankAccount': {
        const answer = await api('POST', '/api/v2/players/bank-accounts', {
          bank: take('bank'),
          accountNumber: take('accountNumber').trim(),
          accountName: take('accountName').trim(),
          currency: take('currency'),
        });
        return answer.status >= 400 ? refused(answer) : { redirect: path };
      }
      case 'deposit': {
        const amount = take('amount');
        const answer = await api(
          'POST',
          '/api/v2/deposits',
          {
            provider: take('provider'),
            mid: take('mid'),
            bank: take('bank'),
            // As the app reads what the player typed: "100.000" kip is a hundred thousand.
            amount: parseTypedKip(amount) ?? amount,
          },
          keyHeader,
        );
        return answer.status >= 400 ? refused(answer) : { redirect: '/player/deposit' };
      }
      case 'depositCheck':
      case 'depositCancel': {
        const code = encodeURIComponent(take('code'));
        const action = form === 'depositCheck' ? 'check' : 'cancel';
        const answer = await api('POST', `/api/v2/deposits/${code}/${action}`);
        if (answer.status >= 400) return refused(answer);
        if (form === 'depositCancel') return { redirect: '/player/deposit' };
        const order = (answer.body as { order?: { status?: string; credit?: number } } | undefined)?.order;
        if (order?.status === 'SUCCESS')
          return { status: 200, answer: { form, values, result: { credit: order.credit ?? 0 } } };
        return { status: 200, answer: { form, values, error: 'money:deposit.dialog.notPaid' } };
      }
      case 'withdraw': {
        const provider = take('provider');
        const amount = take('amount');
        // The player's one bank account, as the app's form sends it.
        const accounts = await api('GET', '/api/v2/players/bank-accounts');
        if (accounts.status >= 400) return refused(accounts);
        const account = (accounts.body as { bankAccounts?: { id: string }[] }).bankAccounts?.[0];
        const answer = await api(
          'POST',
          '/api/v2/withdraws',
          {
            provider,
            bankAccountId: account?.id ?? '',
            credit: parseTypedBaht(amount) ?? amount,
          },
          keyHeader,
        );
        if (answer.status >= 400) return refused(answer);
        // The page after the post says it was received, as the app's form does (createdWithdrawal below).
        const code = (answer.body as { order?: { code?: string } }).order?.code ?? '';
        return { redirect: `/player/withdraw?${CREATED_PARAM}=${encodeURIComponent(code)}` };
      }
      case 'logout': {
        // As the app signs out: the session ends, its cookie is cleared, and the player is on the home page.
        const answer = await api('POST', '/api/v2/players/logout');
        return { redirect: '/', cookies: answer.headers['set-cookie'] as string | string[] | undefined };
      }
      case 'sandboxPay': {
        const qrText = (values.qrText = field(body, 'qrText').trim());
        const answer = await api('POST', '/api/v2/sandbox/bank/pay', { qrText }, keyHeader);
        if (answer.status >= 400) return refused(answer);
        const paid = answer.body as { amount: number; billNumber: string; reference: string };
        return {
          status: 200,
          answer: {
            form,
            values,
            result: { amount: paid.amount, billNumber: paid.billNumber, reference: paid.reference },
          },
        };
      }
    }
  };

  void app.register(async (scope) => {
    // Form posts only here: the API keeps refusing anything but JSON.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_req, text, done) => {
        const body: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
        for (const [name, value] of new URLSearchParams(text as string)) {
          // A field sent twice is no form of ours: it counts as absent.
          body[name] = name in body ? null : value;
        }
        done(null, body);
      },
    );
    for (const [path, forms] of Object.entries(FORM_PAGES)) {
      if (path === '/sandbox/bank' && !ctx.config.sandbox) continue;
      scope.post(path, async (req, reply) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const form = field(body, FORM_FIELD) as PostedForm;
        const session = sessionToken(req, ctx.config);
        const needsSession = path.startsWith('/player');
        if (needsSession && !session) {
          return reply.redirect(`/login?next=${encodeURIComponent(path)}`, 303);
        }
        if (!forms.includes(form)) {
          if (await sendPage(req, reply, req.url, { ...tokensFor(req) }, 400)) return reply;
          return reply.status(400).send({ code: 'VALIDATION_ERROR', message: 'Unknown form' });
        }
        // A post from a page this server rendered for this session (the login page has no session yet).
        if (session && form !== 'login' && !sameToken(field(body, CSRF_FIELD), formToken(session))) {
          req.log.warn({ form }, 'form post without its session token');
          const answer = { form, values: {}, error: 'errors:FORBIDDEN_ORIGIN' };
          if (await sendPage(req, reply, req.url, { ...tokensFor(req), answer }, 403)) return reply;
          return reply.status(403).send({ code: 'FORBIDDEN_ORIGIN', message: 'Post the form from its page' });
        }
        const outcome = await run(req, form, body);
        if ('redirect' in outcome) {
          if (outcome.cookies) reply.header('set-cookie', outcome.cookies);
          return reply.redirect(outcome.redirect, 303);
        }
        // A new key for the form drawn again: the next post is another operation.
        const state: FormPostState = { ...tokensFor(req), answer: outcome.answer };
        if (form === 'login' && outcome.status < 400) return reply.redirect(loginNext(req.url), 303);
        if (await sendPage(req, reply, req.url, state, outcome.status)) return reply;
        return reply.status(outcome.status).send({ code: outcome.answer.error ?? 'OK' });
      });
    }
  });

  /**
   * The withdrawal a post just created (its code in the address the post was answered with), as the page
   * says it was received: only one of this player's open withdrawals, so an address cannot make it say more.
   */
  const createdWithdrawal = async (req: FastifyRequest): Promise<FormPostState['answer']> => {
    const url = new URL(req.url, 'http://x');
    const code = url.searchParams.get(CREATED_PARAM) ?? '';
    if (url.pathname !== '/player/withdraw' || !/^W[0-9A-Z]{10,30}$/.test(code)) return undefined;
    const open = await callApi(app, req)('GET', '/api/v2/withdraws/open');
    const orders =
      (open.body as { orders?: { code: string; credit: number; amount: number }[] }).orders ?? [];
    const order = orders.find((o) => o.code === code);
    if (open.status >= 400 || !order) return undefined;
    return { form: 'withdraw', values: {}, result: { code, credit: order.credit, amount: order.amount } };
  };

  return {
    async render(req, reply) {
      if (!renderer || !rendersOnGet(req.url)) return false;
      const answer = await createdWithdrawal(req);
      return sendPage(req, reply, req.url, { ...tokensFor(req), ...(answer ? { answer } : {}) });
    },
  };
}
