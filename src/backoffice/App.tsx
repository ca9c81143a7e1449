import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetStaffSessionQuery } from './api';
import { BackofficeLayout } from './BackofficeLayout';
import { LoginPage } from './pages/LoginPage';

/** Signed in: the back office; not (or no longer, after 15 idle minutes): the sign-in. */
export function App() {
  const { t } = useTranslation();
  const session = useGetStaffSessionQuery();
  if (session.isLoading)
    return (
      <div role="status" aria-label={t('loading')} style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  if (!session.data || session.isError) return <LoginPage />;
  return <BackofficeLayout staff={session.data} />;
}
