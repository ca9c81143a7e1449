import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@/api';

// Shared by the deposit and withdraw histories (features do not import each other).

/** Spec section 4: OPEN grey, PAID yellow, SUCCESS green, CANCELED and FAILED red, anything else grey. */
const STATUS_COLOR: Partial<Record<OrderStatus, string>> = {
  PAID: 'gold',
  SUCCESS: 'green',
  CANCELED: 'red',
  FAILED: 'red',
};

export function orderStatusColor(status: OrderStatus): string {
  return STATUS_COLOR[status] ?? 'default';
}

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('money');
  return <Tag color={orderStatusColor(status)}>{t(`status.${status}`)}</Tag>;
}
