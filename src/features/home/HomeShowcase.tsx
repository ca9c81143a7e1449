import { useTranslation } from 'react-i18next';
import { useListGamesQuery, useListPromotionBannersQuery, type Game } from '@/api';
import { selectLanguage } from '@/i18n/localeSlice';
import { playPath } from '@/lib/gamePaths';
import { loginPath } from '@/lib/loginReturn';
import { useAppSelector } from '@/lib/storeHooks';
import { PreloadLink } from '@/ui/PreloadLink';
import styles from './HomeShowcase.module.css';

/** Games in a row: enough to fill two phone screens' widths, the lobbies hold the rest. */
const ROW_GAMES = 10;
/** Placeholders while the catalogue loads, the size of the tiles: the rows never push the page down. */
const PLACEHOLDERS = 4;

/** The promotions on offer, as banners: a visitor who taps one logs in and lands on that promotion. */
export function PromotionBanners() {
  const { t } = useTranslation('common');
  const lang = useAppSelector(selectLanguage);
  const { data, isLoading } = useListPromotionBannersQuery({ lang });
  const promotions = data?.promotions ?? [];
  if (!isLoading && promotions.length === 0) return null;
  return (
    <section aria-labelledby="home-promotions" className={styles.showcase}>
      <h2 id="home-promotions" className="section-title">
        {t('home.promotionsTitle')}
      </h2>
      <ul className={styles.banners}>
        {isLoading && (
          <li className={styles.banners__item}>
            <span className={`${styles.banner} ${styles['banner--loading']}`} />
          </li>
        )}
        {promotions.map((promotion, index) => (
          <li key={promotion.id} className={styles.banners__item}>
            <PreloadLink to={loginPath(`/player/promotion/${promotion.id}`)} className={styles.banner}>
              {promotion.imageUrl && (
                <img
                  className={styles.banner__art}
                  src={promotion.imageUrl}
                  alt=""
                  width={640}
                  height={320}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              )}
              <span className={styles.banner__title}>{promotion.title}</span>
            </PreloadLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function GameTile({ game }: { game: Game }) {
  return (
    <PreloadLink to={playPath(game, true)} className={styles.tile}>
      {/* Fixed size and lazy: a row of pictures never shifts the page nor loads before it is scrolled to. */}
      <img
        className={styles.tile__art}
        src={game.thumbnail}
        alt=""
        width={112}
        height={112}
        loading="lazy"
        decoding="async"
      />
      <span className={styles.tile__name}>{game.name}</span>
    </PreloadLink>
  );
}

/** A row of games the catalogue flags (`isHot` or `isNew`, set by the operator), across providers. */
function GameRow({ id, title, games }: { id: string; title: string; games: readonly Game[] | undefined }) {
  if (games && games.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.showcase}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ul className={styles.row}>
        {games
          ? games.slice(0, ROW_GAMES).map((game) => (
              <li key={game.id} className={styles.row__item}>
                <GameTile game={game} />
              </li>
            ))
          : Array.from({ length: PLACEHOLDERS }, (_, i) => (
              <li key={i} className={styles.row__item}>
                <span className={`${styles.tile} ${styles['tile--loading']}`} />
              </li>
            ))}
      </ul>
    </section>
  );
}

/** The hot and the new games of every provider, each leading (through login) into the game. */
export function GameRows() {
  const { t } = useTranslation('common');
  const { data } = useListGamesQuery({});
  const games = data?.games;
  return (
    <>
      <GameRow id="home-hot" title={t('home.hotTitle')} games={games?.filter((game) => game.isHot)} />
      <GameRow id="home-new" title={t('home.newTitle')} games={games?.filter((game) => game.isNew)} />
    </>
  );
}
