import { lazy, useEffect, useState } from 'react';
import { useAppSelector } from '@/app/hooks';
import { WithAntd } from '@/app/WithAntd';
import { selectDrawerOpen } from './drawerSlice';

const loadPanel = () => import('./NavDrawerPanel');
const NavDrawerPanel = lazy(loadPanel);

/**
 * The drawer's code (antd Drawer, credit list) is not needed for the first paint: it loads when the page is
 * idle, or at once when the player opens the drawer first.
 */
export function NavDrawer() {
  const open = useAppSelector(selectDrawerOpen);
  const [mounted, setMounted] = useState(false);

  // Once opened, the panel stays mounted so antd can animate it closed.
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 2000));
    idle(() => void loadPanel());
  }, []);

  if (!mounted) return null;
  return (
    <WithAntd>
      <NavDrawerPanel />
    </WithAntd>
  );
}
