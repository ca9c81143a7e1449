import { createFakeState, testPlayer } from '../../tests/unit/msw/fakeState';
import { handlers } from '../../tests/unit/msw/handlers';
import { testBanks } from '../../tests/unit/msw/moneyHandlers';
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
