import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@/api';

// How an order's status is shown, by both histories and the withdrawals being paid out. Kept apart from the
// history table so a page showing only a status does not load antd's table.

/** docs/player-site.md §4: OPEN grey, PAID yellow, SUCCESS green, CANCELED and FAILED red, anything else grey. */
const STATUS_COLOR: Partial<Record<OrderStatus, string>> = {
  PAID: 'gold',
  SUCCESS: 'green',
  CANCELED: 'red',
  FAILED: 'red',
};

function orderStatusColor(status: OrderStatus): string {
  return STATUS_COLOR[status] ?? 'default';
}

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('money');
  return <Tag color={orderStatusColor(status)}>{t(`status.${status}`)}</Tag>;
}
