import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A block of the page still loading: a spinner that says so to screen readers. */
export function LoadingBlock() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common:loading')}>
      <Spin />
    </div>
  );
}
