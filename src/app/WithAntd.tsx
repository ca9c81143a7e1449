import { lazy, Suspense, type ReactNode } from 'react';

const loadAntdProvider = () => import('./AntdProvider');
const AntdProvider = lazy(loadAntdProvider);

/** Starts loading antd early (called at start-up) so it arrives alongside the first page's code. */
export function preloadAntd(): void {
  void loadAntdProvider();
}

/** Wraps what uses antd components (pages, drawers, dialogs) in the themed provider, loaded on demand. */
export function WithAntd({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdProvider>{children}</AntdProvider>
    </Suspense>
  );
}
