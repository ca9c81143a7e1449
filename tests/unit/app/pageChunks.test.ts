import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_ROUTES } from '@/app/routes';
import { START_STEPS } from '@/app/startSteps';
import { ANTD_CHUNK, preloadAntd } from '@/ui/WithAntd';

// A page rendered on the server names its chunk group's files by the name its lazyPage() gives
// (src/prerender/render.tsx); webpack names the group by the import's webpackChunkName. A name that differs
// from its import would fail the build's pre-rendering: this says which one, before the build runs.
const read = (file: string) => readFileSync(path.join(__dirname, '../../..', file), 'utf8');
const sources = ['src/app/routes.tsx', 'src/app/router.tsx'].map(read);
const CALL =
  /lazyPage\(\s*'([^']+)',\s*\(\)\s*=>\s*import\(\s*\/\* webpackChunkName: "([^"]+)" \*\/\s*'([^']+)'/g;

describe("each page's chunk name", () => {
  const calls = sources.flatMap((source) => [...source.matchAll(CALL)]);

  it('is the one its import gives webpack, on every lazy page', () => {
    const lazyPages = sources.reduce((count, source) => count + source.split('lazyPage(').length - 1, 0);
    // Every call is written in the checked form.
    expect(calls).toHaveLength(lazyPages);
    for (const [, name, chunkName] of calls) expect(chunkName).toBe(name);
  });

  it('names one module only, so no two pages share a group by mistake', () => {
    const modules = new Map<string, string>();
    for (const [, name, , module] of calls) {
      expect(modules.get(name!) ?? module).toBe(module);
      modules.set(name!, module!);
    }
    expect(new Set(PAGE_ROUTES.map((route) => route.page.chunk)).size).toBeLessThanOrEqual(modules.size);
    for (const route of PAGE_ROUTES) expect(modules.has(route.page.chunk)).toBe(true);
  });
});

describe("each start step's chunk name", () => {
  it('is the one its import gives webpack', () => {
    const steps = [
      ...read('src/app/startSteps.ts').matchAll(
        /chunk: '([^']+)',\s*load: \(\) => import\(\s*\/\* webpackChunkName: "([^"]+)" \*\//g,
      ),
    ];
    // antd's step is WithAntd's own loader, under the name its import gives.
    const antd = /export const ANTD_CHUNK = '([^']+)';[\s\S]*webpackChunkName: "([^"]+)"/.exec(
      read('src/ui/WithAntd.tsx'),
    );
    expect(antd?.[2]).toBe(ANTD_CHUNK);
    expect(START_STEPS[0]).toEqual({ chunk: ANTD_CHUNK, load: preloadAntd });
    expect(steps.map(([, chunk]) => chunk)).toEqual(START_STEPS.slice(1).map(({ chunk }) => chunk));
    for (const [, chunk, chunkName] of steps) expect(chunkName).toBe(chunk);
  });
});
