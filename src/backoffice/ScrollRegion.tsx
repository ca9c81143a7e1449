import type { ReactNode } from 'react';
import styles from './ScrollRegion.module.css';

/**
 * A wide table's frame: it scrolls sideways on a narrow screen, and being a named, focusable region, a
 * keyboard user can scroll it too (antd's own scrolling table cannot take focus).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.region} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
