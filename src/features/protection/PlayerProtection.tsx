import { isZeroDate } from '@core/zeroDate';
import { Alert, Button, Modal } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  useGetPlayerInfoQuery,
  useGetPlayerProfileQuery,
  useGetProtectionQuery,
  useLogoutPlayerMutation,
} from '@/api';
import { formatDate } from '@/lib/format';
import { WithAntd } from '@/ui/WithAntd';
import { findLimit, nextRealityCheckAt, OVER_GAME_VIEW_Z_INDEX } from './protectionRules';
import { RealityCheckDialog } from './RealityCheckDialog';
import { RestrictionBanner } from './RestrictionBanner';
import '@build/antd/antd-modal.css';
import { STATUS_ICONS } from '@/ui/statusIcons';

// The deposit-limit offer's form (yup and final-form with it) loads only where the offer is made: on every
// other page the protection part, evaluated on each player page's first load, is about half as large.
const LimitOfferCard = lazy(() =>
  import('./LimitOfferCard').then((module) => ({ default: module.LimitOfferCard })),
);

/** The API's "never" for previousLoginAt: this is the player's first session (the registration's). */
/**
 * With a play-time limit the page tells the server it is open once a minute (play time is time signed in
 * and active, and a game in its frame talks to the provider, not to us), and reads the time played back.
 */
const PLAY_TIME_POLL_MS = 60_000;
/** Where the deposit-limit offer is made: where the player is about to put money in. */
const DEPOSIT_PATH = '/player/deposit';

/**
 * What player protection adds to every player page (docs/protection.md): the banner of a time-out or
 * self-exclusion, the reality check on the player's interval, the end of the daily play time, and the
 * deposit-limit offer on the first visit to deposit. The server enforces all of it; this is what the player sees.
 */
export default function PlayerProtection() {
  const { t } = useTranslation('protection');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const profile = useGetPlayerProfileQuery();
  const info = useGetPlayerInfoQuery();
  const protection = useGetProtectionQuery();
  const [logout] = useLogoutPlayerMutation();
  const [realityCheckDue, setRealityCheckDue] = useState(false);
  const [checksSeen, setChecksSeen] = useState(0);
  const [playTimeOver, setPlayTimeOver] = useState(false);
  const [offerClosed, setOfferClosed] = useState(false);

  const credential = info.data?.credential;
  const interval = protection.data?.realityCheckMinutes ?? null;
  const playLimit = findLimit(protection.data, 'PLAY_TIME', 'DAY')?.amount ?? null;
  const playedToday = protection.data?.playedTodaySeconds ?? 0;
  // Reached before this page opened (a new session to withdraw or read history): said, never ended again.
  // Decided from the first answer (state adjusted while rendering, as React allows for derived state).
  const [reachedAtStart, setReachedAtStart] = useState<boolean | null>(null);
  if (reachedAtStart === null && protection.data)
    setReachedAtStart(playLimit !== null && playedToday >= playLimit * 60);
  const limitReachedBefore = reachedAtStart === true;
  // A second subscription of the same answer polls it while play time counts down. Kept while the tab is
  // hidden too: a game opened in a new tab is still time played.
  useGetProtectionQuery(undefined, {
    pollingInterval: PLAY_TIME_POLL_MS,
    skip: playLimit === null || limitReachedBefore || playTimeOver,
  });

  // The reality check: due every `interval` minutes from the login, shown until the player answers it.
  useEffect(() => {
    if (!credential || interval === null || realityCheckDue) return;
    const due = nextRealityCheckAt(new Date(credential.loginAt), interval, new Date());
    const timer = setTimeout(() => setRealityCheckDue(true), due.getTime() - Date.now());
    return () => clearTimeout(timer);
  }, [credential, interval, realityCheckDue, checksSeen]);

  // The daily play time runs out within the next poll: say so and end the session at that moment (the
  // server ends it on its own at the request that reaches the limit).
  useEffect(() => {
    if (playLimit === null || limitReachedBefore || playTimeOver) return;
    const left = (playLimit * 60 - playedToday) * 1000;
    if (left > PLAY_TIME_POLL_MS) return;
    const timer = setTimeout(() => setPlayTimeOver(true), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [playLimit, playedToday, limitReachedBefore, playTimeOver]);

  // Decided once, when both answers are in: saving a limit from the offer must not make it vanish mid-answer.
  // Registration signs in, so a first session is the new player's own, on the device they registered on.
  const [offerWanted, setOfferWanted] = useState<boolean | null>(null);
  if (offerWanted === null && credential && protection.data)
    setOfferWanted(isZeroDate(credential.previousLoginAt) && protection.data.limits.length === 0);
  const onDeposit = pathname === DEPOSIT_PATH;
  // Made on the first visit to deposit only: once seen there, leaving the page ends it.
  const [offerSeen, setOfferSeen] = useState(false);
  if (offerWanted && onDeposit && !offerSeen) setOfferSeen(true);
  if (offerSeen && !onDeposit && !offerClosed) setOfferClosed(true);
  const showOffer = offerWanted === true && onDeposit && !offerClosed;

  const answerRealityCheck = (then?: () => void) => {
    setRealityCheckDue(false);
    setChecksSeen((n) => n + 1);
    then?.();
  };

  const restriction = profile.data?.restriction;
  return (
    <>
      {restriction && <RestrictionBanner restriction={restriction} />}
      {limitReachedBefore && protection.data && (
        <Alert
          type="info"
          showIcon
          // Drawn above the page, outside its antd settings (app/guards.tsx).
          icon={STATUS_ICONS.info}
          role="status"
          style={{ marginBottom: 16 }}
          title={t('playTime.banner', { date: formatDate(protection.data.playDayEndsAt) })}
        />
      )}
      {realityCheckDue && !playTimeOver && (
        <RealityCheckDialog
          onContinue={() => answerRealityCheck()}
          onLogout={() => answerRealityCheck(() => void logout())}
          onHistory={() => answerRealityCheck(() => void navigate('/player/activity'))}
        />
      )}
      {playTimeOver && (
        <Modal
          open
          zIndex={OVER_GAME_VIEW_Z_INDEX}
          title={t('playTime.reachedTitle')}
          closable={false}
          mask={{ closable: false }}
          keyboard={false}
          footer={
            <Button type="primary" onClick={() => void logout()}>
              {t('playTime.logout')}
            </Button>
          }
        >
          <p>{t('playTime.reachedText', { date: formatDate(protection.data?.playDayEndsAt) })}</p>
        </Modal>
      )}
      {showOffer && !restriction && (
        // In the site's antd theme: this part of the page sits outside the page's own provider.
        <WithAntd>
          <LimitOfferCard onClose={() => setOfferClosed(true)} />
        </WithAntd>
      )}
    </>
  );
}
