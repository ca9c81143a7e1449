import useCardStyle from 'antd/es/card/style';
import { Children, type HTMLAttributes, type ReactNode } from 'react';

export interface PanelProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  /** Beside the title, at the end of the head (a tag, a link). */
  extra?: ReactNode;
  size?: 'small';
}

/**
 * A bordered panel with an optional head, drawn as antd's Card draws it, with Card's own styles. Not antd's
 * Card itself: that module brings antd's tabs, menu and skeleton with it (for card tabs the site never
 * uses), some 22 KB compressed and their evaluation on every page with a card.
 */
export function Panel({ title, extra, size, className, children, ...rest }: PanelProps) {
  // Card's style hook: the theme's scope classes its rules are written under (and, where antd generates
  // styles while rendering, at build time and in tests, Card's rules).
  const [hashId, cssVarClass] = useCardStyle('ant-card');
  const classes = ['ant-card', 'ant-card-bordered', size === 'small' && 'ant-card-small'];
  return (
    <div {...rest} className={[...classes, className, hashId, cssVarClass].filter(Boolean).join(' ')}>
      {(title != null || extra != null) && (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            {title != null && <div className="ant-card-head-title">{title}</div>}
            {extra != null && <div className="ant-card-extra">{extra}</div>}
          </div>
        </div>
      )}
      {Children.count(children) > 0 && <div className="ant-card-body">{children}</div>}
    </div>
  );
}
