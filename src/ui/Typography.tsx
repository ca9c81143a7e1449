import useTypographyStyle from 'antd/es/typography/style';
import type { HTMLAttributes } from 'react';

type Tone = 'secondary' | 'success' | 'warning' | 'danger';

interface TypographyProps extends HTMLAttributes<HTMLElement> {
  type?: Tone;
}

const PREFIX = 'ant-typography';

/** antd's classes for a piece of text, and Typography's style hook (its rules where antd makes them). */
function useTypographyClass(type: Tone | undefined, className: string | undefined): string {
  const [hashId, cssVarClass] = useTypographyStyle(PREFIX);
  return [PREFIX, type && `${PREFIX}-${type}`, className, hashId, cssVarClass].filter(Boolean).join(' ');
}

function Text({ type, strong, className, children, ...rest }: TypographyProps & { strong?: boolean }) {
  return (
    <span {...rest} className={useTypographyClass(type, className)}>
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}

function Paragraph({ type, className, ...rest }: TypographyProps) {
  return <div {...rest} className={useTypographyClass(type, className)} />;
}

function Title({ level = 1, type, className, ...rest }: TypographyProps & { level?: 1 | 2 | 3 | 4 | 5 }) {
  const Heading = `h${level}` as const;
  return <Heading {...rest} className={useTypographyClass(type, className)} />;
}

/**
 * Text, paragraphs and headings drawn as antd's Typography draws them, with its styles. Not antd's
 * Typography itself: every piece of it carries the machinery for ellipsis, copying and editing (a tooltip,
 * resize observers, layout effects), which the site never uses, on every page and in every table cell.
 */
export const Typography = { Text, Paragraph, Title };
