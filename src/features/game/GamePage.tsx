import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  gameListOptions,
  useGetPlayerCreditQuery,
  useLaunchGameMutation,
  useListGamesQuery,
  type GameCategory,
  type Provider,
} from '@/api';
import { browser } from '@/lib/browser';
import { formatDecimal } from '@/lib/format';
import { useRouteHandle } from '@/lib/routeHandle';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './GamePage.module.css';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { ErrorBlock } from '@/ui/ErrorBlock';

const CATEGORIES: GameCategory[] = ['slot', 'sport', 'casino', 'fish', 'card', 'chicken'];

/** `?tab=Slot` (as the menu links askmebet) → the slot category; anything else lists every game. */
function categoryFromTab(tab: string | null): GameCategory | undefined {
  const category = tab?.toLowerCase();
  return CATEGORIES.find((known) => known === category);
}

function useProvider(): Provider {
  return useRouteHandle()?.provider ?? 'alphabet';
}

/** A provider's page: its name, the player's credit there (always fresh) and its games to launch. */
export default function GamePage() {
  const { t } = useTranslation('layout');
  const provider = useProvider();
  const [searchParams] = useSearchParams();
  const category = categoryFromTab(searchParams.get('tab'));
  const credit = useGetPlayerCreditQuery({ game: provider });
  const games = useListGamesQuery({ provider, category }, gameListOptions(provider));
  const [launchGame, launch] = useLaunchGameMutation();

  const onLaunch = async (gameId: string) => {
    const result = await launchGame({ launchGameRequest: { provider, gameId } });
    if (result.data) browser.open(result.data.url);
  };

  const amount = credit.data?.credit;
  return (
    <div className="page">
      <h1 className="page__title">{t(`providers.${provider}`)}</h1>
      <section className={styles['credit-card']} aria-label={t('game.credit')}>
        <span>{t('game.credit')}</span>
        <span className={styles['credit-card__amount']}>
          {amount ? `${formatDecimal(amount.amount)} ${amount.currency}` : '…'}
        </span>
        <Button
          icon={<SvgIcon icon={ReloadOutlined} />}
          onClick={() => void credit.refetch()}
          loading={credit.isFetching}
        >
          {t('credit.refresh')}
        </Button>
      </section>
      {category && <p className="game-category">{t(`categories.${category}`)}</p>}
      {launch.error && <ErrorBlock error={launch.error} />}
      <h2 className="section-title">{t('game.games')}</h2>
      {games.isLoading && <LoadingBlock />}
      {games.data && games.data.games.length === 0 && <Empty description={t('game.empty')} />}
      <ul className={styles['game-grid']}>
        {games.data?.games.map((game) => (
          <li key={game.id}>
            <Card size="small" title={game.name}>
              <p className={styles['game-grid__category']}>{t(`categories.${game.category}`)}</p>
              <Button
                type="primary"
                icon={<SvgIcon icon={PlayCircleOutlined} />}
                loading={launch.isLoading && launch.originalArgs?.launchGameRequest.gameId === game.id}
                onClick={() => void onLaunch(game.id)}
                aria-label={t('game.launchNamed', { name: game.name })}
              >
                {t('game.launch')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
