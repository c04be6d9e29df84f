import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { parseRouteId } from '../lib/route-id';
import { ComingSoonPage } from './pages/coming-soon.page';
import { NotFoundPage } from './pages/not-found.page';

/**
 * Guarded stand-ins for the product areas that are not built yet, so menus, routes and guards work end to end.
 * Each is replaced by its feature's page in router.tsx when that lands.
 */
export function Soon({ titleKey }: { titleKey: string }) {
  return <ComingSoonPage titleKey={titleKey} />;
}

/** An edit page: the id segments follow the 'add' rule (spec 01 §2); an unreadable id is a 404. */
export function SoonWithIds({ titleKey, params }: { titleKey: string; params: string[] }) {
  const { t } = useTranslation('shell');
  const values = useParams();
  const ids = params.map((p) => parseRouteId(values[p]));
  if (ids.some((id) => id === null)) return <NotFoundPage />;
  const last = ids[ids.length - 1]!;
  return <ComingSoonPage titleKey={titleKey} detail={last === 0 ? t('pages.newItem') : t('pages.itemId', { id: last })} />;
}

export function AdminIndex() {
  return <Navigate to="/admin/core" replace />;
}
