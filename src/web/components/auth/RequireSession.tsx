import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '#web/i18n';
import { withRedirect } from '#web/lib/safe-redirect';
import { useSession, type LoginLocationState } from '#web/lib/session';
import { QueryState } from '../ui/QueryState';

/** Full-page frame for the gate's waiting and error states (one region, no heading of its own). */
function GateFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md">{children}</div>
    </main>
  );
}

/**
 * Route wrapper for pages that need a signed-in user (/app/*, /subscription). While the session is
 * being read: a spinner. Signed out: /login?redirect={current path and query}. The session query
 * re-reads every 30 s and on focus, so an expired or revoked session leaves the page by itself.
 */
export function RequireSession() {
  const t = messages.auth.gate;
  const query = useSession();
  const session = query.data;
  const { pathname, search } = useLocation();
  // Whether this tab saw the session alive: if it then reads "signed out", the session expired or
  // was revoked elsewhere (a sign-out here navigates away first), and /login says so.
  // Remembered while rendering (React's "state from the previous render" pattern): no extra pass.
  const [hadSession, setHadSession] = useState(false);
  if (session && !hadSession) setHadSession(true);

  if (session === undefined) {
    return (
      <QueryState query={query} loadingLabel={t.checkingSession} errorMessage={t.sessionError} className="" frame={(node) => <GateFrame>{node}</GateFrame>}>
        {() => null}
      </QueryState>
    );
  }

  if (!session) {
    const state: LoginLocationState | undefined = hadSession ? { notice: 'sessionExpired' } : undefined;
    return <Navigate to={withRedirect('/login', `${pathname}${search}`)} replace state={state} />;
  }
  return <Outlet />;
}

export default RequireSession;
