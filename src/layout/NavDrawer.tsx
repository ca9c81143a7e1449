import { lazy, useState } from 'react';
import { useAppSelector } from '@/lib/storeHooks';
import { WithAntd } from '@/ui/WithAntd';
import { selectDrawerOpen } from './drawerSlice';

const loadPanel = () => import('./NavDrawerPanel');
const NavDrawerPanel = lazy(loadPanel);

/** Starts loading the drawer's code: called when a finger or pointer reaches the menu button. */
export function preloadNavDrawer(): void {
  void loadPanel();
}

/**
 * The drawer's code (antd Drawer, credit list) is not needed for the first paint: it loads when a pointer
 * reaches the menu button (preloadNavDrawer), or when the drawer is first opened.
 */
export function NavDrawer() {
  const open = useAppSelector(selectDrawerOpen);
  const [mounted, setMounted] = useState(false);

  // Once opened, the panel stays mounted so antd can animate it closed.
  if (open && !mounted) setMounted(true);

  if (!mounted) return null;
  return (
    <WithAntd>
      <NavDrawerPanel />
    </WithAntd>
  );
}
