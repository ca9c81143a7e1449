import { useTranslation } from 'react-i18next';
import { useListDepositsQuery } from '@/api';
import { useDeferredAnswer } from '@/lib/useDeferredAnswer';
import { OrderHistory, useHistoryPaging } from '@/ui/orderHistory';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PageFrame } from '@/ui/PageFrame';

export default function DepositHistoryPage() {
  const { t } = useTranslation('money');
  const { page, pageSize, onPageChange } = useHistoryPaging();
  const { data, isFetching, error } = useListDepositsQuery({ page, pageSize });
  const history = useDeferredAnswer(data);

  return (
    <PageFrame title={t('history.depositTitle')}>
      {error && <ErrorBlock error={error} />}
      <OrderHistory
        data={history.value}
        loading={isFetching || history.pending}
        onPageChange={onPageChange}
      />
    </PageFrame>
  );
}
