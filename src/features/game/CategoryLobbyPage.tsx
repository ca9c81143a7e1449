import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useListGamesQuery } from '@/api';
import { GameLobby } from './GameLobby';
import { CATEGORIES, tabFromQuery } from './lobbyTabs';

/** One category across every provider, as the home page's category tiles lead to (`?tab=Fish`). */
export default function CategoryLobbyPage() {
  const { t } = useTranslation('layout');
  const [searchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'), 'slot');
  // Favourites and recent are the player's tabs; the category they were reached from stays the lobby's.
  const category = CATEGORIES.find((each) => each === tab) ?? 'slot';
  const games = useListGamesQuery({ category });

  return (
    <div className="page">
      <h1 className="page__title">{t(`game.categoryLobby.${category}`)}</h1>
      <GameLobby
        games={games.data?.games}
        loading={games.isLoading}
        error={games.error}
        defaultTab={category}
        withCategoryTabs={false}
        showProvider
      />
    </div>
  );
}
