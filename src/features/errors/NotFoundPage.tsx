import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RESULT_ICONS } from '@/ui/statusIcons';

/** Unmatched routes (docs/player-site.md §2). */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <div className="page page--centered">
      <Result
        // Not antd's 404 picture: it is drawn in antd's default blue, not the brand's colours.
        status="info"
        icon={RESULT_ICONS.info}
        title={<h1 className="page__title">{t('notFound.title')}</h1>}
        subTitle={
          <span lang="en" className="page__subtitle">
            Not Found
          </span>
        }
        extra={<Link to="/">{t('notFound.home')}</Link>}
      />
    </div>
  );
}
