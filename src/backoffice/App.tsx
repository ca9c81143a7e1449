import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router-dom';
import { useGetStaffSessionQuery } from './api';
import { BackofficeLayout } from './BackofficeLayout';
import { LoginPage } from './pages/LoginPage';

/** Opened once per member, from their link: loaded only then. */
const EnrolPage = lazy(() => import('./pages/EnrolPage').then((module) => ({ default: module.EnrolPage })));

function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

/** Signed in: the back office; not (or no longer, after 15 idle minutes): the sign-in. */
function SignedInApp() {
  const session = useGetStaffSessionQuery();
  if (session.isLoading) return <Loading />;
  if (!session.data || session.isError) return <LoginPage />;
  return <BackofficeLayout staff={session.data} />;
}

/** An enrolment link's page needs no session (its token is the credential); every other page does. */
export function App() {
  const enrol = useMatch('/enrol/:token');
  if (enrol?.params.token)
    return (
      <Suspense fallback={<Loading />}>
        <EnrolPage token={enrol.params.token} />
      </Suspense>
    );
  return <SignedInApp />;
}
