import HeartFilled from '@ant-design/icons-svg/es/asn/HeartFilled';
import HeartOutlined from '@ant-design/icons-svg/es/asn/HeartOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import { useTranslation } from 'react-i18next';
import type { Game } from '@/api';
import { PreloadLink } from '@/ui/PreloadLink';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './GameLobby.module.css';

/** A player's favourite mark on a card; a visitor's cards have none. */
export interface FavouriteToggle {
  on: boolean;
  pending: boolean;
  toggle: (game: Game) => void;
}

export interface GameCardProps {
  game: Game;
  /** Where Play leads: the game view, or for a visitor the login page that returns to it. */
  playTo: string;
  favourite?: FavouriteToggle;
  /** Shown under the name in a lobby that mixes providers. */
  showProvider: boolean;
  /** On the first screen: its picture is fetched at once and first, not when scrolled to. */
  onFirstScreen?: boolean;
}

/** One game of the lobby: its artwork and name (both open it), new/hot badges and the favourite toggle. */
export function GameCard({ game, playTo, favourite, showProvider, onFirstScreen = false }: GameCardProps) {
  const { t } = useTranslation('layout');
  return (
    <article className={styles.card} aria-labelledby={`game-${game.id}`}>
      <PreloadLink to={playTo} className={styles.card__open} tabIndex={-1} aria-hidden>
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
      {favourite && (
        <button
          type="button"
          className={styles.card__favourite}
          aria-pressed={favourite.on}
          aria-label={t(favourite.on ? 'game.unfavouriteNamed' : 'game.favouriteNamed', { name: game.name })}
          disabled={favourite.pending}
          onClick={() => favourite.toggle(game)}
        >
          <SvgIcon icon={favourite.on ? HeartFilled : HeartOutlined} />
        </button>
      )}
      <h3 id={`game-${game.id}`} className={styles.card__name}>
        {game.name}
      </h3>
      {showProvider && <p className={styles.card__provider}>{t(`providers.${game.provider}`)}</p>}
      <PreloadLink
        to={playTo}
        className={styles.card__play}
        aria-label={t('game.launchNamed', { name: game.name })}
      >
        <SvgIcon icon={PlayCircleOutlined} />
        <span>{t('game.launch')}</span>
      </PreloadLink>
    </article>
  );
}
