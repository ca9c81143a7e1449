import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetProtectionQuery } from '@/api';
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
      ) : !protection.data ? (
        <LoadingBlock />
      ) : (
        <>
          <Panel title={t('limits.title')}>
            <p>{t('limits.intro')}</p>
            <LimitsList protection={protection.data} now={new Date()} />
            <h3>{t('limits.form.title')}</h3>
            <LimitForm kinds={['DEPOSIT', 'LOSS', 'PLAY_TIME']} />
          </Panel>
          <RealityCheckCard minutes={protection.data.realityCheckMinutes} />
          <TimeOutCard exclusion={protection.data.exclusion} />
          <SelfExclusionCard exclusion={protection.data.exclusion} />
          <Panel title={t('support.title')}>
            <p>{t('support.intro')}</p>
            <SupportLinks withTitle={false} />
          </Panel>
        </>
      )}
    </PageFrame>
  );
}
