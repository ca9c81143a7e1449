import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { Typography } from '@/ui/Typography';

/** Content widths: forms read best narrow, cards a little wider, tables take the whole width. */
const MAX_WIDTH = { form: 560, cards: 720, full: undefined } as const;

export interface PageFrameProps {
  /** The page's one heading. */
  title: ReactNode;
  width?: keyof typeof MAX_WIDTH;
  children: ReactNode;
}

/** The frame of a player page: its heading and its content, stacked at one rhythm and one width. */
export function PageFrame({ title, width = 'full', children }: PageFrameProps) {
  const maxWidth = MAX_WIDTH[width];
  return (
    <Flex vertical gap={16} style={maxWidth ? { maxWidth, margin: '0 auto', width: '100%' } : undefined}>
      <Typography.Title level={1}>{title}</Typography.Title>
      {children}
    </Flex>
  );
}
