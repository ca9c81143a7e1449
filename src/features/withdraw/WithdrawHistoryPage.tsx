import { useTranslation } from 'react-i18next';
import { useListWithdrawsQuery } from '@/api';
import { useDeferredAnswer } from '@/lib/useDeferredAnswer';
import { OrderHistory, useHistoryPaging } from '@/ui/orderHistory';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PageFrame } from '@/ui/PageFrame';

export default function WithdrawHistoryPage() {
  const { t } = useTranslation('money');
  const { page, pageSize, onPageChange } = useHistoryPaging();
  const { data, isFetching, error } = useListWithdrawsQuery({ page, pageSize });
  const history = useDeferredAnswer(data);

  return (
    <PageFrame title={t('history.withdrawTitle')}>
      {error && <ErrorBlock error={error} />}
      <OrderHistory
        data={history.value}
        loading={isFetching || history.pending}
        onPageChange={onPageChange}
      />
    </PageFrame>
  );
}
