import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { createElement, type ReactNode } from 'react';
import styles from './SvgIcon.module.css';

/** SVG attributes as React names them (`fill-rule` is `fillRule`), as @ant-design/icons passes them. */
function reactAttrs(attrs: AbstractNode['attrs']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [
      name === 'class' ? 'className' : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}

function render(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...reactAttrs(node.attrs) }, node.children?.map(render));
}

/**
 * An antd icon drawn from its bare SVG definition. The layout uses this instead of @ant-design/icons,
 * whose runtime (colour generation, style injection) would weigh on the first paint.
 */
export function SvgIcon({ icon }: { icon: IconDefinition }) {
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className={styles['svg-icon']} aria-hidden>
      {createElement(
        'svg',
        { ...reactAttrs(root.attrs), width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' },
        root.children?.map(render),
      )}
    </span>
  );
}
