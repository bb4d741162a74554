import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { mayOpen } from '../../domain/access';
import { useAppData } from './startup/appData';

/**
 * Guards every signed-in route but /unauthorized and /location-not-enabled (SPEC §2):
 * a disabled home location wins over everything, then the abilities of SPEC §6.
 */
export function RouteGuard() {
  const { data } = useAppData();
  const { pathname } = useLocation();
  if (!data.homeEnabled) return <Navigate to="/location-not-enabled" replace />;
  if (!mayOpen(pathname, data.abilities, data.flags)) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
