import { Alert, Button, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '@/ui/Typography';
import {
  apiErrorCode,
  useApiErrorMessage,
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useListSessionsQuery,
} from '@/api';
import { formatDate } from '@/lib/format';
import { useDeferredAnswer } from '@/lib/useDeferredAnswer';
import { useAppDispatch } from '@/lib/storeHooks';
import { showToast } from '@/lib/toast';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { PageFrame } from '@/ui/PageFrame';
import { SessionCard } from './SessionCard';
import { STATUS_ICONS } from '@/ui/statusIcons';

export default function SessionsPage() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const { data: answer, error, refetch } = useListSessionsQuery();
  // Drawn in React's deferred render, in slices: until then the loading block stays.
  const { value: data } = useDeferredAnswer(answer);
  const [endSession, ending] = useEndSessionMutation();
  const [endOtherSessions, endingOthers] = useEndOtherSessionsMutation();
  // One message for whichever action failed last: each action clears the other's.
  const actionError = useApiErrorMessage(ending.error ?? endingOthers.error);

  const onEnd = async (sessionId: string) => {
    endingOthers.reset();
    const result = await endSession({ sessionId });
    if (!result.error) {
      dispatch(showToast({ type: 'success', titleKey: 'account:sessions.ended' }));
    } else if (apiErrorCode(result.error) === 'SESSION_NOT_FOUND') {
      // A refusal invalidates nothing (api/cache.ts), but this one says the list is out of date: the
      // session ended elsewhere. Reading it again takes the card away; the message stays to say why.
      void refetch();
    }
  };

  const onEndOthers = async () => {
    ending.reset();
    const result = await endOtherSessions();
    if (result.data) {
      dispatch(
        showToast({
          type: 'success',
          titleKey: 'account:sessions.endedOthers',
          values: { count: result.data.ended },
        }),
      );
    }
  };

  if (error || !data) {
    return (
      <PageFrame title={t('layout:titles.sessions')} width="cards">
        {error ? <ErrorBlock error={error} /> : <LoadingBlock />}
      </PageFrame>
    );
  }

  // formatDate writes '' for the API's zero time, which is how it says there was no login before this one.
  const previousLogin = formatDate(data.previousLoginAt, '');
  const others = data.sessions.filter((session) => !session.current).length;

  return (
    <PageFrame title={t('layout:titles.sessions')} width="cards">
      <Typography.Text>
        {previousLogin ? t('sessions.previousLogin', { date: previousLogin }) : t('sessions.firstLogin')}
      </Typography.Text>
      {actionError && <Alert type="error" showIcon role="alert" title={actionError} />}
      <Flex vertical gap={4}>
        <Popconfirm
          icon={STATUS_ICONS.warning}
          title={t('sessions.endOthersConfirm')}
          okText={t('sessions.endOthersYes')}
          okButtonProps={{ danger: true }}
          cancelText={t('sessions.cancel')}
          onConfirm={onEndOthers}
          disabled={others === 0}
        >
          <Button danger block disabled={others === 0} loading={endingOthers.isLoading}>
            {t('sessions.endOthers')}
          </Button>
        </Popconfirm>
        {others === 0 && <Typography.Text type="secondary">{t('sessions.noOthers')}</Typography.Text>}
      </Flex>
      <Flex vertical gap={12} role="list" aria-label={t('sessions.list')}>
        {data.sessions.map((session) => (
          <SessionCard
            key={session.id}
            session={session}
            ending={ending.isLoading && ending.originalArgs?.sessionId === session.id}
            onEnd={() => onEnd(session.id)}
          />
        ))}
      </Flex>
    </PageFrame>
  );
}
