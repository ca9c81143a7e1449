import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/** The generic fallback (spec section 8): 'Something went wrong!' with a toggle for the error text. */
export function ErrorFallback() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const [showDetails, setShowDetails] = useState(false);

  return (
    <div className="page page--centered">
      <Result
        status="error"
        title={<h1 className="page__title">{t('error.title')}</h1>}
        subTitle={
          <>
            <span lang="en">Something went wrong!</span> {t('error.contactSupport')}
          </>
        }
        extra={
          <Button onClick={() => setShowDetails((shown) => !shown)} aria-expanded={showDetails}>
            {showDetails ? t('error.hideDetails') : t('error.showDetails')}
          </Button>
        }
      />
      {showDetails && <pre className="error-details">{describe(error)}</pre>}
    </div>
  );
}
