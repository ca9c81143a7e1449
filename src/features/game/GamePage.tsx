import { useTranslation } from 'react-i18next';
import { gameListOptions, useListGamesQuery, type Provider } from '@/api';
import { useRouteHandle } from '@/lib/routeHandle';
import { GameLobby } from './GameLobby';
import { ProviderCreditCard } from './ProviderCreditCard';
import { RewardsRow } from './RewardsRow';

function useProvider(): Provider {
  return useRouteHandle()?.provider ?? 'alphabet';
}

/** A provider's page: the player's credit there (always fresh), the way to the rewards, and its lobby. */
export default function GamePage() {
  const { t } = useTranslation('layout');
  const provider = useProvider();
  const games = useListGamesQuery({ provider }, gameListOptions(provider));

  return (
    <div className="page">
      <h1 className="page__title">{t(`providers.${provider}`)}</h1>
      <ProviderCreditCard provider={provider} />
      <RewardsRow />
      <GameLobby
        games={games.data?.games}
        loading={games.isLoading}
        error={games.error}
        defaultTab="all"
        withCategoryTabs
        showProvider={false}
      />
    </div>
  );
}
