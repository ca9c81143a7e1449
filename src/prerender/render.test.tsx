import { createFakeState, testPlayer } from '../../tests/unit/msw/fakeState';
import { handlers } from '../../tests/unit/msw/handlers';
import { testBanks } from '../../tests/unit/msw/moneyHandlers';
import { server } from '../../tests/unit/msw/server';
import { renderLivePage } from './render';

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
