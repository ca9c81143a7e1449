import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formToken } from '../src/http/formPages';
import { createTestApp, registerAndLogin, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from './helpers';
import { addAccount, fundedPlayer } from './moneyFixtures';

// The forms on the way to a first deposit and withdrawal, posted by a browser without the app
// (server/src/http/formPages.ts). The build's renderer is replaced by one that writes down what the server
// gave it: the form state, the language, and what the app's queries answered through its fetch.

let t: TestApp;
let webDir: string;

/** What the stand-in renderer wrote into the page. */
interface Drawn {
  url: string;
  language: string;
  formPost: {
    csrf?: string;
    key?: string;
    answer?: {
      form: string;
      values: Record<string, string>;
      error?: string;
      result?: Record<string, unknown>;
    };
  };
  openDeposits: { code: string; amount: number }[];
}

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'player-site-forms-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(webDir, 'prerendered'));
  writeFileSync(path.join(webDir, 'prerendered', 'manifest.json'), '{}');
  writeFileSync(
    path.join(webDir, 'prerendered', 'render.cjs'),
    `exports.setTexts = () => {};
     exports.renderPage = async () => ({ html: '', head: '' });
     exports.renderLivePage = async (url, request) => {
       const open = await request.fetch(new Request('http://server.invalid/api/v2/deposits/open'));
       const openDeposits = open.ok ? (await open.json()).orders : [];
       const drawn = { url, language: request.language, formPost: request.formPost, openDeposits };
       return { html: '<script type="application/json" id="drawn">' + JSON.stringify(drawn) + '</script>', head: '' };
     };
     exports.pageDocument = (template, url, { html }, language) =>
       template.replace('<div id="root"></div>', '<div id="root" data-language="' + language + '">' + html + '</div>');`,
  );
  writeFileSync(path.join(webDir, 'prerendered', 'template.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(webDir, 'locales', 'lo'), { recursive: true });
  writeFileSync(path.join(webDir, 'locales', 'lo', 'common.json'), '{}');
  t = await createTestApp({ env: { WEB_DIR: webDir, SANDBOX: 'true' } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

function drawn(body: string): Drawn {
  const json = /<script type="application\/json" id="drawn">(.*?)<\/script>/.exec(body)?.[1];
  if (!json) throw new Error(`no page drawn: ${body.slice(0, 200)}`);
  return JSON.parse(json) as Drawn;
}

/** A form post as a browser sends it from the site's own page. */
function post(url: string, fields: Record<string, string>, cookie?: string, origin = TEST_ORIGIN) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const sessionOf = (cookie: string) => cookie.replace(/^sid=/, '');
const depositFields = (cookie: string, key: string, amount = '100.000') => ({
  _form: 'deposit',
  _csrf: formToken(sessionOf(cookie)),
  _key: key,
  provider: 'gclub',
  mid: 'MID-LAOQR-01',
  bank: 'bcel',
  amount,
});

describe('the deposit form without the app', () => {
  test('the page is rendered for the player with a form token and a fresh duplicate-submit key, never kept', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const first = await t.app.inject({ method: 'GET', url: '/player/deposit', headers: { cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await t.app.inject({ method: 'GET', url: '/player/deposit', headers: { cookie } });
    const a = drawn(first.body);
    const b = drawn(second.body);
    expect(a.formPost.csrf).toBe(formToken(sessionOf(cookie)));
    expect(a.formPost.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(a.formPost.key).not.toBe(b.formPost.key);
    expect(a.language).toBe('lo');
  });

  test('a deposit posted twice with the same key opens one order, and the page after it shows that order', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const fields = depositFields(cookie, 'form-key-0001');
    const first = await post('/player/deposit', fields, cookie);
    const again = await post('/player/deposit', fields, cookie);
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/player/deposit');
    }
    const page = await t.app.inject({ method: 'GET', url: '/player/deposit', headers: { cookie } });
    const { openDeposits } = drawn(page.body);
    expect(openDeposits).toHaveLength(1);
    // "100.000" is read as the site writes kip: a hundred thousand.
    expect(openDeposits[0]!.amount).toBe(100_000);
  });

  test('a refused deposit answers with the form, what was typed, the reason as the app names it and a new key', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const res = await post('/player/deposit', depositFields(cookie, 'form-key-0002', '1'), cookie);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const { formPost, openDeposits } = drawn(res.body);
    expect(formPost.answer).toMatchObject({ form: 'deposit', values: { amount: '1', provider: 'gclub' } });
    expect(formPost.answer?.error).toMatch(/^errors:[A-Z_]+$/);
    expect(formPost.key).not.toBe('form-key-0002');
    expect(openDeposits).toHaveLength(0);
  });

  test('checking an unpaid order says so; cancelling it leaves no open order', async () => {
    const { cookie } = await registerAndLogin(t.app);
    await post('/player/deposit', depositFields(cookie, 'form-key-0003'), cookie);
    const page = await t.app.inject({ method: 'GET', url: '/player/deposit', headers: { cookie } });
    const [order] = drawn(page.body).openDeposits;
    const csrf = formToken(sessionOf(cookie));
    const check = await post(
      '/player/deposit',
      { _form: 'depositCheck', _csrf: csrf, code: order!.code },
      cookie,
    );
    expect(drawn(check.body).formPost.answer).toMatchObject({
      form: 'depositCheck',
      error: 'errors:DEPOSIT_NOT_PAID',
    });
    expect(check.statusCode).toBe(409);
    const cancel = await post(
      '/player/deposit',
      { _form: 'depositCancel', _csrf: csrf, code: order!.code },
      cookie,
    );
    expect(cancel.statusCode).toBe(303);
    const after = await t.app.inject({ method: 'GET', url: '/player/deposit', headers: { cookie } });
    expect(drawn(after.body).openDeposits).toHaveLength(0);
  });
});

describe('the pages a player reaches without the app', () => {
  test('the deposit and withdrawal histories are rendered with the player data, never kept', async () => {
    const { cookie } = await registerAndLogin(t.app);
    for (const url of ['/player/deposit/history', '/player/withdraw/history?page=2']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(drawn(page.body).url).toBe(url);
    }
  });

  test('signing out is a form post: the session ends, its cookie is cleared, and the player is on the home page', async () => {
    const { cookie } = await registerAndLogin(t.app);
    // Another session's form token signs nobody out.
    const forged = await post('/logout', { _form: 'logout', _csrf: formToken('another-session') }, cookie);
    expect(forged.statusCode).toBe(403);
    const info = () => t.app.inject({ method: 'GET', url: '/api/v2/players/info', headers: { cookie } });
    expect((await info()).statusCode).toBe(200);

    const out = await post('/logout', { _form: 'logout', _csrf: formToken(sessionOf(cookie)) }, cookie);
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect((await info()).statusCode).toBe(401);
  });
});

describe('what a form post must carry', () => {
  test("a post without the session's form token, or with another session's, does nothing", async () => {
    const { cookie } = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const { _csrf: _ignored, ...withoutToken } = depositFields(cookie, 'form-key-0004');
    const missing = await post('/player/deposit', withoutToken, cookie);
    expect(missing.statusCode).toBe(403);
    expect(drawn(missing.body).formPost.answer?.error).toBe('errors:FORBIDDEN_ORIGIN');
    const foreign = await post(
      '/player/deposit',
      { ...depositFields(cookie, 'form-key-0005'), _csrf: formToken(sessionOf(other.cookie)) },
      cookie,
    );
    expect(foreign.statusCode).toBe(403);
    const page = await t.app.inject({ method: 'GET', url: '/player/deposit', headers: { cookie } });
    expect(drawn(page.body).openDeposits).toHaveLength(0);
  });

  test('a post from another site is refused before anything runs', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const res = await post(
      '/player/deposit',
      depositFields(cookie, 'form-key-0006'),
      cookie,
      'https://evil.example',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN_ORIGIN');
  });

  test('a post without a session goes to the login page, which brings the player back', async () => {
    const res = await post('/player/withdraw', { _form: 'withdraw', amount: '100' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?next=%2Fplayer%2Fwithdraw');
  });

  test('the API itself still takes JSON only', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const res = await post('/api/v2/deposits', depositFields(cookie, 'form-key-0007'), cookie);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('a form the page does not have is refused', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const res = await post('/player/bank', { _form: 'deposit', _csrf: formToken(sessionOf(cookie)) }, cookie);
    expect(res.statusCode).toBe(400);
  });
});

describe('login, bank account and withdrawal without the app', () => {
  test('a wrong password answers in the chosen language without saying whether the name exists; the right one signs in', async () => {
    const { username } = await registerAndLogin(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: TEST_ORIGIN,
        cookie: 'lang=th',
      },
      payload: new URLSearchParams({ _form: 'login', username, password: 'not-the-password' }).toString(),
    });
    expect(wrong.statusCode).toBe(401);
    const page = drawn(wrong.body);
    expect(page.language).toBe('th');
    expect(page.formPost.answer).toEqual({
      form: 'login',
      values: { username },
      error: 'errors:LOGIN_FAILED',
    });
    expect(wrong.body).not.toContain('not-the-password');

    const right = await post('/login?next=%2Fplayer%2Fdeposit', {
      _form: 'login',
      username,
      password: TEST_PASSWORD,
    });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/player/deposit');
    expect(String(right.headers['set-cookie'])).toMatch(/sid=[^;]+; .*HttpOnly; SameSite=Lax/);
    // Only this site's player pages are a place to go back to.
    const away = await post('/login?next=https%3A%2F%2Fevil.example', {
      _form: 'login',
      username,
      password: TEST_PASSWORD,
    });
    expect(away.headers.location).toBe('/player/deposit');
  });

  test('a login without a page to return to lands on the deposit page, rendered with its links', async () => {
    const { username } = await registerAndLogin(t.app);
    for (const next of ['', '?next=%2Fplayer']) {
      const right = await post(`/login${next}`, { _form: 'login', username, password: TEST_PASSWORD });
      expect(right.statusCode).toBe(303);
      expect(right.headers.location).toBe('/player/deposit');
      const cookie = String(right.headers['set-cookie']).split(';')[0]!;
      const landing = await t.app.inject({
        method: 'GET',
        url: right.headers.location!,
        headers: { cookie },
      });
      expect(landing.statusCode).toBe(200);
      expect(drawn(landing.body).url).toBe('/player/deposit');
    }
  });

  test('a bank account is saved from the form; a wrong number comes back with the values typed', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const csrf = formToken(sessionOf(cookie));
    const fields = {
      _form: 'bankAccount',
      _csrf: csrf,
      bank: 'bcel',
      accountName: 'SOMCHAI',
      currency: 'LAK',
    };
    const wrong = await post('/player/bank', { ...fields, accountNumber: '123' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(drawn(wrong.body).formPost.answer).toMatchObject({
      form: 'bankAccount',
      values: { accountNumber: '123', accountName: 'SOMCHAI' },
    });
    const saved = await post('/player/bank', { ...fields, accountNumber: '0101234567891' }, cookie);
    expect(saved.statusCode).toBe(303);
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/bank-accounts',
      headers: { cookie },
    });
    expect(accounts.json().bankAccounts).toHaveLength(1);
  });

  test('a withdrawal received is named on the page after the post, and only to the player who made it', async () => {
    const p = await fundedPlayer(t.app);
    const res = await post(
      '/player/withdraw',
      {
        _form: 'withdraw',
        _csrf: formToken(sessionOf(p.cookie)),
        _key: 'form-key-0009',
        provider: 'alphabet',
        amount: '100,50',
      },
      p.cookie,
    );
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/player\/withdraw\?created=W[0-9A-Z]+$/);
    const code = location.split('=')[1]!;
    const page = await t.app.inject({ method: 'GET', url: location, headers: { cookie: p.cookie } });
    expect(drawn(page.body).formPost.answer).toEqual({
      form: 'withdraw',
      values: {},
      result: { code, credit: 10_050, amount: expect.any(Number) },
    });
    // Another player, or a code that is no open withdrawal of theirs: the page names nothing.
    const other = await registerAndLogin(t.app);
    for (const [url, cookie] of [
      [location, other.cookie],
      ['/player/withdraw?created=W2611290000NONE', p.cookie],
      ['/player/withdraw?created=<script>', p.cookie],
    ] as const) {
      const seen = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(seen.statusCode).toBe(200);
      expect(drawn(seen.body).formPost.answer).toBeUndefined();
    }
  });

  test('a withdrawal over the credit is refused with the amount kept', async () => {
    const { cookie } = await registerAndLogin(t.app);
    await addAccount(t.app, cookie);
    const res = await post(
      '/player/withdraw',
      {
        _form: 'withdraw',
        _csrf: formToken(sessionOf(cookie)),
        _key: 'form-key-0008',
        provider: 'gclub',
        amount: '100,50',
      },
      cookie,
    );
    expect(res.statusCode).toBe(409);
    expect(drawn(res.body).formPost.answer).toMatchObject({
      form: 'withdraw',
      values: { provider: 'gclub', amount: '100,50' },
      error: 'errors:CREDIT_NOT_ENOUGH',
    });
  });
});
