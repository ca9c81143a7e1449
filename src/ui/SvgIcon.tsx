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
 * whose runtime (colour generation, style injection) would weigh on the first paint, and which names every
 * icon for screen readers in English ("left", "close-circle"). This one is hidden from them, or named by
 * `label`, a text in the page's language, where the icon is all a control shows.
 */
export function SvgIcon({
  icon,
  label,
  className,
}: {
  icon: IconDefinition;
  label?: string;
  /** `anticon`, where an antd component sizes its icon by that class (Result). */
  className?: string;
}) {
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  const naming = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span className={className ? `${styles['svg-icon']} ${className}` : styles['svg-icon']} {...naming}>
      {createElement(
        'svg',
        { ...reactAttrs(root.attrs), width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' },
        root.children?.map(render),
      )}
    </span>
  );
}
