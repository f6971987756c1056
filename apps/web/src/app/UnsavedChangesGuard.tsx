import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { DiscardChangesDialog } from '../components/ui/DiscardChangesDialog';
import {
  registerGuard,
  settleLeaveRequest,
  useHasUnsavedChanges,
  useLeaveRequest,
} from '../lib/useUnsavedChanges';
import { SERVICE_UNAVAILABLE_PATH } from './api';

/**
 * Where the app sends the admin itself once the session or the service is gone (expired session,
 * maintenance): nothing could be saved there any more, so those are never held back.
 */
const FORCED_PATHS = new Set(['/login', SERVICE_UNAVAILABLE_PATH]);

/** Blocks leaving the page: another path (a query change on the same page is no leaving). */
const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname && !FORCED_PATHS.has(nextLocation.pathname);

/**
 * The app's one guard for unsaved changes (issue 20, `lib/useUnsavedChanges.ts`), in the
 * signed-in frame: renders nothing while nothing is dirty, so no blocker or listener exists then.
 */
export const UnsavedChangesGuard = () => {
  const dirty = useHasUnsavedChanges();
  useEffect(registerGuard, []);
  return dirty ? <ActiveGuard /> : null;
};

/**
 * While something is dirty: a route change (sidebar link, back button) is blocked and asks
 * 'Discard unsaved changes?' ('Discard' goes on, 'Keep editing' stays); a reload or a closed tab
 * gets the browser's own question; signing out (`requestLeave`) asks the same as a route change.
 */
const ActiveGuard = () => {
  const blocker = useBlocker(leavesPage);
  const leaveRequest = useLeaveRequest();

  useEffect(() => {
    const handleBeforeUnload = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
    };
  }, []);

  // A request left waiting when the changes went away (saved elsewhere) is dropped.
  useEffect(
    () => () => {
      settleLeaveRequest(false);
    },
    [],
  );

  const blocked = blocker.state === 'blocked';
  const handleDiscard = useCallback(() => {
    if (blocker.state === 'blocked') blocker.proceed();
    else settleLeaveRequest(true);
  }, [blocker]);
  const handleKeepEditing = useCallback(() => {
    if (blocker.state === 'blocked') blocker.reset();
    else settleLeaveRequest(false);
  }, [blocker]);

  return (
    <DiscardChangesDialog
      open={blocked || leaveRequest !== null}
      onDiscard={handleDiscard}
      onKeepEditing={handleKeepEditing}
    />
  );
};
