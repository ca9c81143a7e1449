import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useGetPlayerInfoQuery, useListGamesQuery, type Provider } from '@/api';
import { categoryLobbyPath, lobbyPath } from '@/lib/gamePaths';
import { loginPath } from '@/lib/loginReturn';
import { useRouteHandle } from '@/lib/routeHandle';
import { PROVIDERS } from '@core/providers';
import { PreloadLink } from '@/ui/PreloadLink';
import { GameLobby } from './GameLobby';
import { CATEGORIES, tabFromQuery } from './lobbyTabs';
import cta from '@/ui/Cta.module.css';
import styles from './VisitorLobbyPage.module.css';

/**
 * A lobby a visitor browses before logging in (`/games/<provider>`, or `/games?tab=Fish` for one category
 * across providers): the same games and artwork as a player's, no credit, and Play leads through the login
 * page straight into the game. A signed-in player is sent to their own lobby, with its credit.
 */
export default function VisitorLobbyPage() {
  const { t } = useTranslation('layout');
  const provider = useRouteHandle()?.provider;
  const [searchParams] = useSearchParams();
  const { search } = useLocation();
  const session = useGetPlayerInfoQuery();
  const category =
    CATEGORIES.find((each) => each === tabFromQuery(searchParams.get('tab'), 'slot')) ?? 'slot';
  const games = useListGamesQuery(provider ? { provider } : { category });

  if (session.data) {
    return (
      <Navigate
        to={provider ? `${lobbyPath(provider, false)}${search}` : categoryLobbyPath(category, false)}
        replace
      />
    );
  }
  const here = provider ? lobbyPath(provider, false) : categoryLobbyPath(category, false);
  return (
    <div className="page">
      <h1 className="page__title">
        {provider ? t(`providers.${provider}`) : t(`game.categoryLobby.${category}`)}
      </h1>
      <nav className={styles.providers} aria-label={t('game.visitor.providers')}>
        {PROVIDERS.map((each: Provider) => (
          <PreloadLink
            key={each}
            to={lobbyPath(each, true)}
            className={styles.providers__link}
            aria-current={each === provider ? 'page' : undefined}
          >
            {t(`providers.${each}`)}
          </PreloadLink>
        ))}
      </nav>
      <section className={styles.welcome} aria-label={t('game.visitor.title')}>
        <p className={styles.welcome__text}>{t('game.visitor.text')}</p>
        <div className={styles.welcome__actions}>
          <Link
            to={loginPath(here)}
            className={`${cta.cta} ${cta['cta--primary']} ${styles.welcome__action}`}
          >
            {t('titles.login')}
          </Link>
          <PreloadLink to="/register" className={`${cta.cta} ${styles.welcome__action}`}>
            {t('titles.register')}
          </PreloadLink>
        </div>
      </section>
      <GameLobby
        games={games.data?.games}
        loading={games.isLoading}
        error={games.error}
        defaultTab={provider ? 'all' : category}
        withCategoryTabs={provider !== undefined}
        showProvider={provider === undefined}
        visitor
      />
    </div>
  );
}
