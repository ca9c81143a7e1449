import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** The chunk group of antd's provider (with antd's core), named like the pages' (src/app/lazyPage.ts). */
export const ANTD_CHUNK = 'AntdProvider';
const loadAntdProvider = () => import(/* webpackChunkName: "AntdProvider" */ './AntdProvider');
const AntdProvider = lazy(loadAntdProvider);

/**
 * Starts fetching antd's chunk (cached by the module system: every caller shares one download); settles
 * once its code has been evaluated.
 */
export function preloadAntd(): Promise<unknown> {
  return loadAntdProvider();
}

// One wrapper per page component, so routes sharing a page (the four game routes) share one component.
const wrapped = new WeakMap<ComponentType, ComponentType>();

/**
 * A page component wrapped in antd's provider. antd's chunk is fetched at the same time as the page's,
 * so neither waits behind the other; pages without antd (the home page) skip this and paint sooner.
 */
export async function withAntdProvider(page: Promise<{ default: ComponentType }>): Promise<ComponentType> {
  const [{ default: Provider }, { default: Page }] = await Promise.all([loadAntdProvider(), page]);
  let Wrapper = wrapped.get(Page);
  if (!Wrapper) {
    Wrapper = function PageWithAntd() {
      return (
        <Provider>
          <Page />
        </Provider>
      );
    };
    wrapped.set(Page, Wrapper);
  }
  return Wrapper;
}

/** Wraps what uses antd components (drawers, dialogs) in the themed provider, loaded on demand. */
export function WithAntd({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdProvider>{children}</AntdProvider>
    </Suspense>
  );
}
