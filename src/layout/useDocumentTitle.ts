import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '@/lib/routeHandle';

/** Document title from the route table's label of the deepest matched route, then the brand. */
export function useDocumentTitle(brand: string | undefined): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    ?.handle as RouteHandle | undefined;
  const title = titleKey ? t(titleKey.titleKey) : '';
  const site = brand ?? t('layout:brand');

  useEffect(() => {
    document.title = title ? `${title} | ${site}` : site;
  }, [title, site]);
}
