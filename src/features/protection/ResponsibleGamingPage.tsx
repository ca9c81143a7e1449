import { Flex } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetProtectionQuery, type Protection } from '@/api';
import { useDeferredAnswer } from '@/lib/useDeferredAnswer';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { PageFrame } from '@/ui/PageFrame';
import { PreloadLink } from '@/ui/PreloadLink';
import { LimitForm } from './LimitForm';
import { LimitsList } from './LimitsList';
import { RealityCheckCard } from './RealityCheckCard';
import { SelfExclusionCard } from './SelfExclusionCard';
import { SupportLinks } from '@/ui/SupportLinks';
import { TimeOutCard } from './TimeOutCard';
import { Panel } from '@/ui/Panel';

/**
 * The player's controls over their play (docs/protection.md), one tap from the drawer: limits, reminders,
 * a break, self-exclusion, and the way to their activity and sessions.
 */
export default function ResponsibleGamingPage() {
  const { t } = useTranslation('protection');
  const protection = useGetProtectionQuery();
  const { value: data } = useDeferredAnswer(protection.data);

  return (
    <PageFrame title={t('layout:menu.responsibleGaming')} width="cards">
      <p>{t('page.intro')}</p>
      <nav aria-label={t('page.account')}>
        <Flex gap={16} wrap>
          <PreloadLink to="/player/activity">{t('page.activityLink')}</PreloadLink>
          <PreloadLink to="/player/sessions">{t('page.sessionsLink')}</PreloadLink>
        </Flex>
      </nav>
      {protection.error ? (
        <ErrorBlock error={protection.error} />
      ) : !data ? (
        <LoadingBlock />
      ) : (
        <ProtectionControls protection={data} />
      )}
    </PageFrame>
  );
}

/** Memoised, and given the answer deferred: drawn in React's deferred render, in slices. */
const ProtectionControls = memo(function ProtectionControls({ protection }: { protection: Protection }) {
  const { t } = useTranslation('protection');
  return (
    <>
      <Panel title={t('limits.title')}>
        <p>{t('limits.intro')}</p>
        <LimitsList protection={protection} now={new Date()} />
        <h3>{t('limits.form.title')}</h3>
        <LimitForm kinds={['DEPOSIT', 'LOSS', 'PLAY_TIME']} />
      </Panel>
      <RealityCheckCard minutes={protection.realityCheckMinutes} />
      <TimeOutCard exclusion={protection.exclusion} />
      <SelfExclusionCard exclusion={protection.exclusion} />
      <Panel title={t('support.title')}>
        <p>{t('support.intro')}</p>
        <SupportLinks withTitle={false} />
      </Panel>
    </>
  );
});
