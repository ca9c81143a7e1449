import { http, HttpResponse } from 'msw';
import { server } from '../../tests/unit/msw/server';

type BaseApiModule = typeof import('./baseApi');
type ToolkitModule = typeof import('@reduxjs/toolkit');

/**
 * The root api as the browser gets it: outside tests the backoff starts at 1 s (under Jest it starts at
 * 1 ms so other tests do not wait). Loaded afresh with NODE_ENV=production to read the real delays.
 */
async function loadAsInProduction(): Promise<{ baseApi: BaseApiModule; toolkit: ToolkitModule }> {
  jest.replaceProperty(process.env, 'NODE_ENV', 'production');
  let loaded: { baseApi: BaseApiModule; toolkit: ToolkitModule } | undefined;
  await jest.isolateModulesAsync(async () => {
    loaded = { baseApi: await import('./baseApi'), toolkit: await import('@reduxjs/toolkit') };
  });
  return loaded!;
}

// docs/player-site.md §§4, 9: retry 3 times with exponential backoff capped at 30 s. The numbers are written
// out, not read from baseApi.ts, so a changed constant fails here.
describe('retries of a failing read', () => {
  afterEach(() => jest.useRealTimers());

  it('backs off 1 s, 2 s, 4 s ... doubling, capped at 30 s', async () => {
    const { backoffDelay } = (await loadAsInProduction()).baseApi;
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((attempt) => backoffDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('asks 4 times in all (the first try and 3 retries), 1 s, 2 s and 4 s apart, then gives up', async () => {
    const { baseApi, toolkit } = await loadAsInProduction();
    const probe = baseApi.baseApi.injectEndpoints({
      endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/test/always-failing' }) }),
    });
    const store = toolkit.configureStore({
      reducer: { [probe.reducerPath]: probe.reducer },
      middleware: (getDefault) => getDefault().concat(probe.middleware),
    });
    jest.useFakeTimers();
    const start = Date.now();
    const askedAt: number[] = [];
    server.use(
      http.get('*/api/test/always-failing', () => {
        askedAt.push(Date.now() - start);
        return HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'down' }, { status: 503 });
      }),
    );

    const query = store.dispatch(probe.endpoints.probe.initiate());
    await jest.advanceTimersByTimeAsync(60_000);
    const result = await query;

    expect(askedAt).toEqual([0, 1000, 3000, 7000]);
    expect(result.isError).toBe(true);
    expect(result.error).toMatchObject({ status: 503 });
    query.unsubscribe();
  });
});
