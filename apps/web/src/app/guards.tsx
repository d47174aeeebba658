import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionUser } from '../lib/session';

/** Signed-in area: without a session, back to the login. */
export function RequireAuth() {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) return <Navigate to="/" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Login and sign-up pages: a signed-in user goes to the dashboard. */
export function PublicOnly() {
  const user = useSessionUser();
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

export function FallbackRedirect() {
  const user = useSessionUser();
  return <Navigate to={user ? '/dashboard' : '/'} replace />;
}
