import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  api,
  apiErrorCode,
  apiErrorKey,
  gameListOptions,
  useGetWalletSettingsQuery,
  useLaunchGameMutation,
  useLazyGetCurrentPromotionQuery,
  useLazyGetPlayerCreditQuery,
  useLazyGetPlayerCreditsQuery,
  useListGamesQuery,
  type ApiError,
  type Provider,
} from '@/api';
import { useAppDispatch } from '@/lib/storeHooks';
import { showToast } from '@/lib/toast';
import { SMALLEST_BET } from '@core/bets';
import { parseThbToSatang } from '@core/money';
import { PROVIDERS } from '@core/providers';
import { PreloadLink } from '@/ui/PreloadLink';
import { SvgIcon } from '@/ui/SvgIcon';
import cta from '@/ui/Cta.module.css';
import { creditSources } from './creditSources';
import { CreditEmptyOffer } from './CreditEmptyOffer';
import { useBringCredit } from './useBringCredit';
import styles from './GameViewPage.module.css';

function useGameParams(): { provider: Provider | undefined; gameId: string } {
  const params = useParams();
  const provider = PROVIDERS.find((each) => each === params.provider);
  return { provider, gameId: params.gameId ?? '' };
}

/** What a refused launch offers: money first when there is none, a retry when the provider is away. */
function Refusal({
  art,
  error,
  provider,
  lobby,
  onRetry,
}: {
  art: ReactNode;
  error: ApiError;
  provider: Provider;
  lobby: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('layout');
  const code = apiErrorCode(error);
  if (code === 'CREDIT_EMPTY')
    return (
      <CreditEmptyOffer art={art} reason={{ error }} provider={provider} lobby={lobby} onBrought={onRetry} />
    );
  return (
    <div className={styles.view__refusal}>
      {art}
      <Alert type="warning" showIcon role="alert" title={t(apiErrorKey(error))} />
      <div className={styles.view__actions}>
        {code !== 'GAME_DISABLED' && code !== 'GAME_NOT_FOUND' && (
          <Button type="primary" onClick={onRetry}>
            {t('game.retry')}
          </Button>
        )}
        <PreloadLink to={lobby} className={cta.cta}>
          {t('game.backToLobby')}
        </PreloadLink>
      </div>
    </div>
  );
}

/**
 * The in-app game view: the launch address in a full-screen frame, with a close control back to the
 * provider's lobby. Launching happens here, so a reload or a shared link launches again with a new token.
 */
/** The game speaks the site's language: the launch address is given the player's choice. */
function withLanguage(url: string, language: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}`;
}

export default function GameViewPage() {
  const { t, i18n } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { provider, gameId } = useGameParams();
  const games = useListGamesQuery(
    { provider: provider ?? 'alphabet' },
    { ...gameListOptions(provider), skip: !provider },
  );
  const game = games.data?.games.find((each) => each.id === gameId);
  const [launch, launched] = useLaunchGameMutation();
  // The game keeps the language it was launched in: a later change must not reload the frame with a
  // token already used.
  const [launchLanguage, setLaunchLanguage] = useState(i18n.language);
  const launchedFor = useRef<string | undefined>(undefined);
  const lobby = provider ? `/player/game/${provider}` : '/player';

  const settings = useGetWalletSettingsQuery();
  const [readCredits] = useLazyGetPlayerCreditsQuery();
  const [readPromotion] = useLazyGetCurrentPromotionQuery();
  const { bring } = useBringCredit(provider ?? 'alphabet');
  const [readCredit] = useLazyGetPlayerCreditQuery();
  // The credit here, read beside each launch: above zero but under the smallest bet, the launch succeeds yet
  // no round can be played, so the view offers what an empty credit does instead of the game.
  const [creditHere, setCreditHere] = useState<{ tooLittle?: number }>();
  const attempts = useRef(0);

  const start = () => {
    setLaunchLanguage(i18n.language);
    if (!provider) return;
    const attempt = ++attempts.current;
    setCreditHere(undefined);
    void launch({ launchGameRequest: { provider, gameId } });
    void readCredit({ game: provider })
      .unwrap()
      .then(({ credit }) => parseThbToSatang(credit.amount) ?? 0)
      // Unread, the game opens: it says itself when a bet is more than the credit.
      .catch(() => SMALLEST_BET)
      .then((credit) => {
        if (attempts.current === attempt)
          setCreditHere({ tooLittle: credit > 0 && credit < SMALLEST_BET ? credit : undefined });
      });
  };
  /**
   * "Bring my credit along": the credit of every other provider comes into this one before the launch, one
   * move per provider. A refused move (a round open there, a transfer on its way) leaves that credit where
   * it is and says why; the game then opens with what arrived.
   */
  const bringAlong = async (to: Provider) => {
    try {
      const [credits, promotion] = await Promise.all([
        readCredits().unwrap(),
        readPromotion({})
          .unwrap()
          .catch(() => undefined),
      ]);
      for (const source of creditSources(credits, to, promotion?.usage?.provider)) {
        await bring(source).catch((error: ApiError) =>
          dispatch(showToast({ type: 'warning', titleKey: apiErrorKey(error) })),
        );
      }
    } catch {
      // The credits could not be read: the launch goes ahead and says what it finds.
    }
  };
  const settingsKnown = !settings.isLoading;
  const bringAlongOn = settings.data?.bringCreditAlong === true;
  useEffect(() => {
    // One token per game opened (effects may run twice in development); another game launches again.
    // The launch waits for the player's setting, which decides whether credit comes along first.
    const key = `${provider}/${gameId}`;
    if (!settingsKnown || launchedFor.current === key) return;
    launchedFor.current = key;
    void (provider && bringAlongOn ? bringAlong(provider) : Promise.resolve()).then(start);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- launch once per game
  }, [provider, gameId, settingsKnown]);
  // Rounds played in the game changed the credit: every credit shown after closing is read again.
  useEffect(
    () => () => {
      dispatch(api.util.invalidateTags(['Credit', 'WithdrawPromotionInfo']));
    },
    [dispatch],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') void navigate(lobby);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [lobby, navigate]);

  const title = game?.name ?? t('game.view');
  const bringingAlong = settings.data?.bringCreditAlong === true && launched.isUninitialized;
  // A launch answered opens only once the credit beside it is known to be enough for a bet.
  const result = creditHere && creditHere.tooLittle === undefined ? launched.data : undefined;
  const tooLittle = launched.data ? creditHere?.tooLittle : undefined;
  const launching = launched.isLoading || launched.isUninitialized || (launched.isSuccess && !creditHere);
  // The game's artwork stands in for it until it opens (and above a refusal): on a page the server renders
  // with the provider's games, it is on screen before any script has run.
  const art = game ? (
    <img
      className={styles.view__art}
      src={game.thumbnail}
      alt=""
      width={160}
      height={160}
      fetchPriority="high"
    />
  ) : null;
  // Not yet launched counts as launching: the launch starts as the page mounts, and a page rendered before
  // it (on the server) shows the same.
  return (
    <div className={styles.view} role="dialog" aria-modal="true" aria-label={title}>
      <header className={styles.view__bar}>
        <h1 className={styles.view__title}>{title}</h1>
        <PreloadLink to={lobby} className={styles.view__close} aria-label={t('game.close')}>
          <SvgIcon icon={CloseOutlined} />
        </PreloadLink>
      </header>
      <div className={styles.view__body}>
        {!provider && <Alert type="error" showIcon role="alert" title={t('errors:GAME_NOT_FOUND')} />}
        {provider && launching && (
          <div className={styles.view__loading}>
            {art}
            <Spin />
            {/* With the setting on, the launch is sent only once the credit has come. */}
            <span>{t(bringingAlong ? 'game.bring.bringing' : 'game.launching')}</span>
          </div>
        )}
        {provider && launched.error && (
          <Refusal art={art} error={launched.error} provider={provider} lobby={lobby} onRetry={start} />
        )}
        {provider && tooLittle !== undefined && (
          <CreditEmptyOffer
            art={art}
            reason={{ credit: tooLittle }}
            provider={provider}
            lobby={lobby}
            onBrought={start}
          />
        )}
        {result?.opensIn === 'frame' && (
          <iframe
            className={styles.view__frame}
            src={withLanguage(result.url, launchLanguage)}
            title={title}
            allow="fullscreen; autoplay"
            referrerPolicy="no-referrer"
          />
        )}
        {result?.opensIn === 'tab' && (
          <div className={styles.view__refusal}>
            {art}
            <p>{t('game.opensInTab')}</p>
            <a
              className={`${cta.cta} ${cta['cta--primary']}`}
              href={withLanguage(result.url, launchLanguage)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('game.openInTab')}
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
