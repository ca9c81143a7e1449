import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import cta from '@/ui/Cta.module.css';
import styles from './ErrorFallback.module.css';

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/**
 * The generic fallback (docs/player-site.md §8): 'Something went wrong!' with a toggle for the error text. Plain
 * HTML: it must render even when a page's code (and antd with it) failed to load.
 */
export function ErrorFallback() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const [showDetails, setShowDetails] = useState(false);

  return (
    <div className={`page page--centered ${styles['error-fallback']}`}>
      <h1 className="page__title">{t('error.title')}</h1>
      <p>
        <span lang="en">Something went wrong!</span> {t('error.contactSupport')}
      </p>
      <button
        type="button"
        className={cta.cta}
        aria-expanded={showDetails}
        onClick={() => setShowDetails((shown) => !shown)}
      >
        {showDetails ? t('error.hideDetails') : t('error.showDetails')}
      </button>
      {showDetails && <pre className={styles['error-details']}>{describe(error)}</pre>}
    </div>
  );
}
