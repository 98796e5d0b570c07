import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import translation from '../../../locales/en/translation.json';
import { getTitleParams, type RouteId } from '../model/routes';
import { useCurrentRoute } from './shell-page-context';

type RouteCatalogue = typeof translation.routes;
type RouteWithEmptyState = {
  [Id in RouteId]: RouteCatalogue[Id] extends { empty: string } ? Id : never;
}[RouteId];

const hasEmptyState = (id: RouteId): id is RouteWithEmptyState => 'empty' in translation.routes[id];

/**
 * The content of a page whose real content comes later: what will appear there, from the
 * catalogue (`routes.<id>.empty`). The shell already shows its title and breadcrumbs.
 */
export const RoutePlaceholder = () => {
  const { t } = useTranslation();
  const match = useCurrentRoute();
  if (!match || !hasEmptyState(match.route.id)) return null;
  return <EmptyState>{t(`routes.${match.route.id}.empty`, getTitleParams(match.params, (key) => t(key)))}</EmptyState>;
};
