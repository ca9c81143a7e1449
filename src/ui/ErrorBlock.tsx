import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorKey, type ApiError } from '@/api';

/** A block of the page that could not load: the translated reason of the failed call. */
export function ErrorBlock({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <Alert type="error" showIcon title={t(apiErrorKey(error as ApiError))} />;
}
