import { useState } from 'react';
import { PAGE_SIZE } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Pagination } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { getErrorMessage, toastError } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useGetLoginActivityQuery, useLogoutOtherDevicesMutation } from './account.api';
import { LoginActivityTable } from './LoginActivityTable';

/** The toast after 'Log out all other devices', with the count the server closed. */
export const loggedOutMessage = (revoked: number): string =>
  revoked === 0
    ? 'No other device was signed in.'
    : `Signed out of ${formatCount(revoked, 'other device')}.`;

/**
 * /login-activity: every sign-in attempt of the account (paged, newest first) with its session's
 * state, and 'Log out all other devices' (confirmed; this session stays).
 */
export const LoginActivityPage = () => {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useGetLoginActivityQuery({
    page,
    limit: PAGE_SIZE,
  });
  const [logoutOthers, { isLoading: isSigningOut }] = useLogoutOtherDevicesMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const activities = data?.activities ?? [];
  const pagination = data?.pagination;
  const otherSessions = Math.max(0, (data?.activeSessions ?? 1) - 1);

  const handleLogoutOthers = (): void => {
    logoutOthers(undefined)
      .unwrap()
      .then((revoked) => {
        showToast('success', loggedOutMessage(revoked));
      })
      .catch((failure: unknown) => {
        toastError(failure, 'The other devices could not be signed out');
      });
  };

  return (
    <>
      <PageHeader
        title="Login Activity"
        description={
          data
            ? `Where and when your account signed in. ${formatCount(data.activeSessions, 'session')} open now, this one included.`
            : 'Where and when your account signed in.'
        }
        actions={
          <Button
            variant="danger"
            loading={isSigningOut}
            disabled={!data || otherSessions === 0}
            title={otherSessions === 0 ? 'No other device is signed in' : undefined}
            onClick={() => {
              setIsConfirming(true);
            }}
          >
            Log out all other devices
          </Button>
        }
      />

      {error ? (
        <div
          role="alert"
          className="mb-4 flex items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
        >
          <span>{getErrorMessage(error, 'Failed to fetch login activity')}</span>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              void refetch();
            }}
          >
            Retry
          </Button>
        </div>
      ) : null}

      <Card className="overflow-hidden">
        {isLoading ? (
          <div className="flex justify-center py-16 text-teal-600 dark:text-teal-400">
            <Spinner className="size-6" label="Loading login activity" />
          </div>
        ) : activities.length === 0 ? (
          <EmptyState title="No sign-ins yet" message="Sign-in attempts will show here." />
        ) : (
          <div
            className={`overflow-x-auto transition-opacity ${isFetching ? 'opacity-60' : ''}`}
            aria-busy={isFetching || undefined}
          >
            <LoginActivityTable activities={activities} />
          </div>
        )}
      </Card>

      {pagination && pagination.total > 0 ? (
        <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Page {page} of {Math.max(1, pagination.totalPages)} ·{' '}
            {formatCount(pagination.total, 'sign-in attempt')}
          </p>
          {pagination.totalPages > 1 ? (
            <Pagination page={page} totalPages={pagination.totalPages} onPageChange={setPage} />
          ) : null}
        </div>
      ) : null}

      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Log out all other devices?"
        message={`${formatCount(otherSessions, 'other session')} will be signed out at once and will need to sign in again. This device stays signed in.`}
        confirmLabel="Log out other devices"
        onConfirm={handleLogoutOthers}
      />
    </>
  );
};

export { LoginActivityPage as Component };
