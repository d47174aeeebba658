import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from '../../../ui/confirm';
import { STUDIO_MSG } from '../messages';

/**
 * While `unsaved()` is true, leaving the studio asks first: closing or reloading the tab gets the browser's own
 * question (beforeunload: browsers show their text, not ours), a move inside the app (a link, 'Sair', the browser's
 * back button) the studio's pt-BR confirmation. `allowed(path)` lets a move through whatever is unsaved (the studio's
 * own address after the first save of a new unit). `unsaved` is read when leaving, so it sees saves made just before.
 */
export function useLeaveGuard(unsaved: () => boolean, active: boolean, allowed: (path: string) => boolean) {
  const check = useRef({ unsaved, allowed });
  check.current = { unsaved, allowed };

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!check.current.unsaved()) return;
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && !check.current.allowed(nextLocation.pathname) && check.current.unsaved(),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void confirm({ title: 'Sair do estúdio', message: STUDIO_MSG.leaveConfirm, confirmLabel: 'Sair', danger: true }).then((ok) => {
      if (!live) return;
      if (ok) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker]);
}
