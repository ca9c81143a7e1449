import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Empty, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  useAddFavouriteGameMutation,
  useGetPlayerGamesQuery,
  useRemoveFavouriteGameMutation,
  type Game,
} from '@/api';
import { playPath } from '@/lib/gamePaths';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { SvgIcon } from '@/ui/SvgIcon';
import { GameCard } from './GameCard';
import { categoriesOf, matchesSearch, tabFromQuery, tabToQuery, type LobbyTab } from './lobbyTabs';
import styles from './GameLobby.module.css';

/** Cards on a phone's first screen (two columns): their pictures are the page's largest paint. */
const FIRST_SCREEN_CARDS = 6;

export interface GameLobbyProps {
  /** The games of this lobby (one provider's, or one category's across providers). */
  games: readonly Game[] | undefined;
  loading: boolean;
  error: unknown;
  /** The tab shown when the query names none. */
  defaultTab: LobbyTab;
  /** Category tabs are offered in a provider's lobby; a category lobby has its category fixed. */
  withCategoryTabs: boolean;
  showProvider: boolean;
  /** A visitor's lobby: no favourites or recent games, and Play asks them to log in first. */
  visitor?: boolean;
}

function useFavourites(visitor: boolean) {
  // A visitor has no games of their own: asking would only be refused.
  const mine = useGetPlayerGamesQuery(undefined, { skip: visitor });
  const [add, adding] = useAddFavouriteGameMutation();
  const [remove, removing] = useRemoveFavouriteGameMutation();
  const ids = useMemo(() => new Set(mine.data?.favourites.map((game) => game.id)), [mine.data]);
  const pendingId = adding.isLoading
    ? adding.originalArgs?.gameId
    : removing.isLoading
      ? removing.originalArgs?.gameId
      : undefined;
  const toggle = (game: Game) => {
    void (ids.has(game.id) ? remove({ gameId: game.id }) : add({ gameId: game.id }));
  };
  return { mine, ids, toggle, pendingId, error: adding.error ?? removing.error };
}

/** A lobby: tabs kept in the `tab` query, search by name, and the games as cards (docs/player-site.md §4). */
export function GameLobby({
  games,
  loading,
  error,
  defaultTab,
  withCategoryTabs,
  showProvider,
  visitor = false,
}: GameLobbyProps) {
  const { t } = useTranslation('layout');
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const favourites = useFavourites(visitor);
  const asked = tabFromQuery(searchParams.get('tab'), defaultTab);
  const tab = visitor && (asked === 'favourites' || asked === 'recent') ? defaultTab : asked;

  const categories = useMemo(() => categoriesOf(games ?? []), [games]);
  const tabs: LobbyTab[] = [
    ...(withCategoryTabs ? (['all', ...categories] as LobbyTab[]) : [defaultTab]),
    ...(visitor ? [] : (['favourites', 'recent'] as LobbyTab[])),
  ];
  const inLobby = useMemo(() => new Set(games?.map((game) => game.id)), [games]);

  const shown = useMemo(() => {
    const mine = favourites.mine.data;
    const source =
      tab === 'favourites'
        ? mine?.favourites.filter((game) => inLobby.has(game.id))
        : tab === 'recent'
          ? mine?.recent.filter((game) => inLobby.has(game.id))
          : games?.filter((game) => tab === 'all' || game.category === tab);
    return source?.filter((game) => matchesSearch(game, search));
  }, [favourites.mine.data, games, inLobby, search, tab]);

  const tabLabel = (each: LobbyTab) =>
    each === 'all' || each === 'favourites' || each === 'recent'
      ? t(`game.tabs.${each}`)
      : t(`categories.${each}`);

  const emptyText = search.trim()
    ? t('game.noMatch', { search: search.trim() })
    : tab === 'favourites'
      ? t('game.noFavourites')
      : tab === 'recent'
        ? t('game.noRecent')
        : t('game.empty');

  const ownListLoading = (tab === 'favourites' || tab === 'recent') && favourites.mine.isLoading;
  return (
    <section className={styles.lobby} aria-label={t('game.games')}>
      <nav className={styles.lobby__tabs} aria-label={t('game.tabs.label')}>
        {tabs.map((each) => {
          const next = new URLSearchParams(searchParams);
          next.set('tab', tabToQuery(each));
          return (
            <Link
              key={each}
              to={{ search: `?${next.toString()}` }}
              replace
              className={styles.lobby__tab}
              aria-current={each === tab ? 'page' : undefined}
            >
              {tabLabel(each)}
            </Link>
          );
        })}
      </nav>
      <Input
        className={styles.lobby__search}
        type="search"
        // antd's clear icon would name the button "close-circle" in English.
        allowClear={{ clearIcon: <SvgIcon icon={CloseCircleFilled} label={t('game.clearSearch')} /> }}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        prefix={<SvgIcon icon={SearchOutlined} />}
        placeholder={t('game.search')}
        aria-label={t('game.search')}
      />
      {favourites.error !== undefined && <ErrorBlock error={favourites.error} />}
      {error !== undefined && error !== null && <ErrorBlock error={error} />}
      {(loading || ownListLoading) && <LoadingBlock />}
      {shown && shown.length === 0 && !loading && <Empty description={emptyText} />}
      {shown && shown.length > 0 && (
        <ul className={styles.lobby__grid}>
          {shown.map((game, index) => (
            <li key={game.id}>
              <GameCard
                game={game}
                playTo={playPath(game, visitor)}
                onFirstScreen={index < FIRST_SCREEN_CARDS}
                favourite={
                  visitor
                    ? undefined
                    : {
                        on: favourites.ids.has(game.id),
                        pending: favourites.pendingId === game.id,
                        toggle: favourites.toggle,
                      }
                }
                showProvider={showProvider}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
