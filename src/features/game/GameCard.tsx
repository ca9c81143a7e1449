import HeartFilled from '@ant-design/icons-svg/es/asn/HeartFilled';
import HeartOutlined from '@ant-design/icons-svg/es/asn/HeartOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import { useTranslation } from 'react-i18next';
import type { Game } from '@/api';
import { PreloadLink } from '@/ui/PreloadLink';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './GameLobby.module.css';

export interface GameCardProps {
  game: Game;
  favourite: boolean;
  /** Shown under the name in a lobby that mixes providers. */
  showProvider: boolean;
  onToggleFavourite: (game: Game) => void;
  favouritePending: boolean;
  /** On the first screen: its picture is fetched at once and first, not when scrolled to. */
  onFirstScreen?: boolean;
}

/** Where a game is played: the in-app game view of its provider. */
export function gameViewPath(game: Pick<Game, 'provider' | 'id'>): string {
  return `/player/game/${game.provider}/play/${game.id}`;
}

/** One game of the lobby: its artwork and name (both open it), new/hot badges and the favourite toggle. */
export function GameCard({
  game,
  favourite,
  showProvider,
  onToggleFavourite,
  favouritePending,
  onFirstScreen = false,
}: GameCardProps) {
  const { t } = useTranslation('layout');
  return (
    <article className={styles.card} aria-labelledby={`game-${game.id}`}>
      <PreloadLink to={gameViewPath(game)} className={styles.card__open} tabIndex={-1} aria-hidden>
        {/* Fixed size, and lazy below the first screen: 60 pictures never shift the grid nor load before
            they are scrolled to. */}
        <img
          className={styles.card__art}
          src={game.thumbnail}
          alt=""
          width={120}
          height={120}
          loading={onFirstScreen ? 'eager' : 'lazy'}
          fetchPriority={onFirstScreen ? 'high' : undefined}
          decoding="async"
        />
      </PreloadLink>
      <div className={styles.card__badges}>
        {game.isNew && <span className={`${styles.badge} ${styles['badge--new']}`}>{t('game.new')}</span>}
        {game.isHot && <span className={`${styles.badge} ${styles['badge--hot']}`}>{t('game.hot')}</span>}
      </div>
      <button
        type="button"
        className={styles.card__favourite}
        aria-pressed={favourite}
        aria-label={t(favourite ? 'game.unfavouriteNamed' : 'game.favouriteNamed', { name: game.name })}
        disabled={favouritePending}
        onClick={() => onToggleFavourite(game)}
      >
        <SvgIcon icon={favourite ? HeartFilled : HeartOutlined} />
      </button>
      <h3 id={`game-${game.id}`} className={styles.card__name}>
        {game.name}
      </h3>
      {showProvider && <p className={styles.card__provider}>{t(`providers.${game.provider}`)}</p>}
      <PreloadLink
        to={gameViewPath(game)}
        className={styles.card__play}
        aria-label={t('game.launchNamed', { name: game.name })}
      >
        <SvgIcon icon={PlayCircleOutlined} /> {t('game.launch')}
      </PreloadLink>
    </article>
  );
}
