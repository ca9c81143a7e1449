import { createFakeState, testPlayer } from '../../tests/unit/msw/fakeState';
import { handlers } from '../../tests/unit/msw/handlers';
import { testBankAccount, testBanks, testCurrencies } from '../../tests/unit/msw/moneyHandlers';
import lo from '../../public/locales/lo/money.json';
import loErrors from '../../public/locales/lo/errors.json';
import loAuth from '../../public/locales/lo/auth.json';
import loLayout from '../../public/locales/lo/layout.json';
import { server } from '../../tests/unit/msw/server';
import { pageDocument, renderLivePage, setPageChunks } from './render';

/** The server's in-process fetch, as the fake API answers it. */
const fakeApiFetch: typeof fetch = (input, init) =>
  fetch(
    new Request(
      String(input instanceof Request ? input.url : input).replace('server.invalid', 'localhost'),
      input instanceof Request ? input : init,
    ),
  );

// The server renders the form pages with the app's own components, some of which load on demand (lazy).
describe('a form page rendered by the server', () => {
  it('is whole the first time this process renders it: no part is left for the browser to render again', async () => {
    server.use(...handlers(createFakeState({ player: testPlayer, banks: testBanks })));
    const page = await renderLivePage('/player/bank', { language: 'lo', fetch: fakeApiFetch, formPost: {} });
    expect(page.html).toContain('method="post"');
    // Before: the player guard's protection part, loaded on demand, was not in yet on the first render;
    // renderToString wrote its boundary's fallback (<!--$!-->), and the browser rendered the page again.
    expect(page.html).not.toContain('<!--$!-->');
  });
});

// Without the app a signed-in player still gets around: the money pages, both histories (drawn with their
// orders) and signing out, as plain links and a form post (issue 50, item 2).
describe("a player's page drawn by the server for a browser without the app", () => {
  it('links the money pages and histories, and signs out by a form post', async () => {
    server.use(...handlers(createFakeState({ player: testPlayer, banks: testBanks })));
    const page = await renderLivePage('/player/deposit/history', {
      language: 'lo',
      fetch: fakeApiFetch,
      formPost: { csrf: 'token-of-this-session' },
    });
    const noScript = /<noscript><nav[^>]*>(.*?)<\/nav><\/noscript>/s.exec(page.html)?.[1] ?? '';
    for (const [href, text] of [
      ['/player/deposit', loLayout.menu.deposit],
      ['/player/withdraw', loLayout.menu.withdraw],
      ['/player/deposit/history', loLayout.menu.depositHistory],
      ['/player/withdraw/history', loLayout.menu.withdrawHistory],
    ])
      expect(noScript).toMatch(new RegExp(`href="${href}"[^>]*>${text}<`));
    expect(noScript).toContain('action="/logout"');
    expect(noScript).toContain('name="_form" value="logout"');
    expect(noScript).toContain('value="token-of-this-session"');
    expect(noScript).toContain(loLayout.navbar.logout);
  });
});

// Without the app, a refused post is drawn again with what was sent: the form's own schema names each bad
// input under its field, as the app's form does before sending (issue 50, item 2).
describe('a refused post drawn again by the server', () => {
  const refused = (form: 'deposit' | 'withdraw' | 'bankAccount', values: Record<string, string>) => ({
    key: 'form-key-0001',
    answer: { form, values, error: 'errors:VALIDATION_ERROR' },
  });
  const player = {
    player: testPlayer,
    banks: testBanks,
    currencies: testCurrencies,
    bankAccounts: [testBankAccount],
  };

  it('names each bad input of the deposit form under its field, without the general refusal', async () => {
    // No account of their own: no bank to start the form with.
    server.use(...handlers(createFakeState({ ...player, bankAccounts: [] })));
    for (const [amount, message] of [
      ['', lo.deposit.errors.amountRequired],
      ['abc', lo.deposit.errors.amountWholeKip],
    ] as const) {
      const page = await renderLivePage('/player/deposit', {
        language: 'lo',
        fetch: fakeApiFetch,
        formPost: refused('deposit', { provider: 'gclub', mid: '', bank: '', amount }),
      });
      expect(page.html).toContain(message);
      expect(page.html).toContain(lo.deposit.errors.bankRequired);
      expect(page.html).toMatch(/id="field-amount-error"/);
      expect(page.html).not.toContain(loErrors.VALIDATION_ERROR);
    }
  });

  it("names the bank account form's missing bank and name", async () => {
    server.use(...handlers(createFakeState({ ...player, bankAccounts: [] })));
    const page = await renderLivePage('/player/bank', {
      language: 'lo',
      fetch: fakeApiFetch,
      formPost: refused('bankAccount', {
        bank: '',
        accountNumber: '0101000999999',
        accountName: ' ',
        currency: 'LAK',
      }),
    });
    expect(page.html).toContain(lo.bank.errors.bankRequired);
    expect(page.html).toContain(lo.bank.errors.accountNameRequired);
    expect(page.html).not.toContain(lo.bank.errors.accountNumberRequired);
    expect(page.html).not.toContain(loErrors.VALIDATION_ERROR);
  });

  it("names letters in a withdrawal amount; a refusal the schema cannot see keeps the server's reason", async () => {
    server.use(...handlers(createFakeState(player)));
    const letters = await renderLivePage('/player/withdraw', {
      language: 'lo',
      fetch: fakeApiFetch,
      formPost: refused('withdraw', { provider: 'gclub', amount: 'abc' }),
    });
    expect(letters.html).toContain(lo.withdraw.errors.amountFormat.split('{{')[0]!.trim());
    expect(letters.html).not.toContain(loErrors.VALIDATION_ERROR);
    const empty = await renderLivePage('/player/withdraw', {
      language: 'lo',
      fetch: fakeApiFetch,
      formPost: refused('withdraw', { provider: 'gclub', amount: '' }),
    });
    expect(empty.html).toContain(lo.withdraw.errors.amountRequired);
    // A well-formed deposit the server still refused (its own rule): its reason stays above the form.
    const ok = await renderLivePage('/player/deposit', {
      language: 'lo',
      fetch: fakeApiFetch,
      formPost: {
        key: 'form-key-0002',
        answer: {
          form: 'deposit',
          values: { provider: 'gclub', mid: 'MID-LAOQR-01', bank: 'bcel', amount: '100.000' },
          error: 'errors:DEPOSIT_LIMIT_EXCEEDED',
        },
      },
    });
    expect(ok.html).toContain(loErrors.DEPOSIT_LIMIT_EXCEEDED);
  });
  it("names the login form's empty username in place of the server's general refusal", async () => {
    server.use(...handlers(createFakeState({})));
    const page = await renderLivePage('/login', {
      language: 'lo',
      fetch: fakeApiFetch,
      formPost: { answer: { form: 'login', values: { username: '' }, error: 'errors:LOGIN_FAILED' } },
    });
    expect(page.html).toContain(loAuth.validation.usernameRequired);
    expect(page.html).not.toContain(loErrors.LOGIN_FAILED);
    // A wrong password: the password is never sent back, so its empty field is no bad input of the player's.
    const wrong = await renderLivePage('/login', {
      language: 'lo',
      fetch: fakeApiFetch,
      formPost: {
        answer: { form: 'login', values: { username: 'somchai_88' }, error: 'errors:LOGIN_FAILED' },
      },
    });
    expect(wrong.html).toContain(loErrors.LOGIN_FAILED);
    expect(wrong.html).not.toContain(loAuth.validation.passwordRequired);
  });
});

describe('a page document', () => {
  const template =
    '<!doctype html><html lang="lo"><head><script defer src="/after-paint.js" data-app="/runtime.js /vendor.js /main.js"></script></head><body><div id="root"></div></body></html>';
  const loaderScript = (document: string) =>
    /<script defer src="\/after-paint\.js"[^>]*>/.exec(document)?.[0];

  afterEach(() => setPageChunks({}));

  it("names its page's scripts after the app's, antd's with them for a page that uses antd", () => {
    setPageChunks({
      AntdProvider: ['/antd-core.js', '/AntdProvider.js'],
      FormKit: ['/form-kit.js', '/FormKit.js'],
      WithdrawPage: ['/antd-core.js', '/form-kit.js', '/WithdrawPage.js'],
      HomePage: ['/HomePage.js'],
    });
    // The withdraw form holds the form kit: its step is named, and its own small file comes too.
    expect(loaderScript(pageDocument(template, '/player/withdraw', { html: '', head: '' }))).toBe(
      '<script defer src="/after-paint.js" data-app="/runtime.js /vendor.js /main.js /antd-core.js /AntdProvider.js /form-kit.js /WithdrawPage.js /FormKit.js" data-page-scripts="AntdProvider FormKit">',
    );
    // The home page is drawn without antd or a form: only its own chunk comes with the app, and no step.
    expect(loaderScript(pageDocument(template, '/', { html: '', head: '' }))).toContain(
      'data-app="/runtime.js /vendor.js /main.js /HomePage.js" data-page-scripts=""',
    );
  });

  it("leaves the app's scripts as they are for an address that is no page of the app", () => {
    setPageChunks({ AntdProvider: ['/AntdProvider.js'] });
    expect(loaderScript(pageDocument(template, '/no-such-page', { html: '', head: '' }))).toBe(
      '<script defer src="/after-paint.js" data-app="/runtime.js /vendor.js /main.js">',
    );
  });

  it('refuses to render a page whose chunk group the build did not write (a renamed import)', () => {
    setPageChunks({ AntdProvider: ['/AntdProvider.js'], FormKit: ['/FormKit.js'] });
    expect(() => pageDocument(template, '/player/withdraw', { html: '', head: '' })).toThrow(/WithdrawPage/);
  });
});
