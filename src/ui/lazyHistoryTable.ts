import { lazy, type ReactElement } from 'react';
import type { HistoryTableProps } from './HistoryTable';

/**
 * The histories' table, loaded when it is first drawn: on wide screens only, as phones show a history as
 * cards. antd's table brings its tree, menu and dropdown (about 50 KB brotli). Typed as the generic
 * component it loads, which React's `lazy` cannot express.
 */
export const LazyHistoryTable = lazy(() => import('./HistoryTable')) as unknown as <Row extends object>(
  props: HistoryTableProps<Row>,
) => ReactElement;
