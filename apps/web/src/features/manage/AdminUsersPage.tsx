import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { AdminUser } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import {
  DataTable,
  HeaderCell,
  ListPageShell,
  OverlaySpinner,
  RowAction,
  StatusToggle,
} from '../../components/ui/ListPageShell';
import { loadWithTimeout } from '../../app/lazy';
import { useListPage, useSearchPaging } from '../../lib/useListPage';
import { useProfile } from '../auth/auth.api';
import { useCan } from '../auth/useCan';
import { adminUserPath, useAdminStatus, useResendInvitation } from './adminUsers';
import { useListAdminUsersQuery } from './manage.api';
import { Avatar, Badge, DateTimeCell } from './parts';

// The form (and the contract's zod rules it checks with) loads when first opened.
const AdminUserFormModal = lazy(() =>
  loadWithTimeout(() => import('./AdminUserFormModal')).then((module) => ({
    default: module.AdminUserFormModal,
  })),
);

type Dialog = { kind: 'none' } | { kind: 'form'; admin: AdminUser | null };

const td = 'px-3 py-3 text-slate-700 dark:text-slate-300';

const TEXTS = {
  title: 'Add User',
  description:
    'The admins of the back-office. Invite someone with a role: they choose their own password from the e-mail they get.',
  searchPlaceholder: 'Search by name, e-mail or role...',
  searchLabel: 'Search admins',
  emptyTitle: 'No admins found',
  emptyMessage: 'Invite an admin to share the work.',
  countLabel: ['admin', 'admins'],
  loadingLabel: 'Loading admins',
} as const;

/**
 * /add-user, 'Add User' (spec §2): the admin users in a searchable (500 ms, back to page 1),
 * paged table (name and picture, e-mail, role, 2FA, last sign-in, invitation pending, status
 * switch), the invite and edit modals, 'Resend invitation' for pending ones; each name links to
 * /admin/user/:id. The signed-in admin's own row has no switch (nobody disables themselves).
 */
export const AdminUsersPage = () => {
  const canCreate = useCan('admins.create');
  const canUpdate = useCan('admins.update');
  const { data: profile } = useProfile();
  const paging = useSearchPaging();
  const list = useListPage(
    paging,
    // Sign-ins and accepted invitations happen elsewhere: never show a stale page.
    useListAdminUsersQuery(paging.args, { refetchOnMountOrArgChange: true }),
    { rows: (data) => data.users, errorFallback: 'Failed to fetch admin users' },
  );
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const closeDialog = (): void => {
    setDialog({ kind: 'none' });
  };
  const status = useAdminStatus();
  const resend = useResendInvitation();

  return (
    <>
      <ListPageShell
        list={list}
        texts={TEXTS}
        actions={
          canCreate ? (
            <Button
              onClick={() => {
                setDialog({ kind: 'form', admin: null });
              }}
            >
              Invite Admin
            </Button>
          ) : null
        }
      >
        <DataTable
          head={
            <>
              <HeaderCell>Name</HeaderCell>
              <HeaderCell>E-mail</HeaderCell>
              <HeaderCell>Role</HeaderCell>
              <HeaderCell>2FA</HeaderCell>
              <HeaderCell>Last sign-in</HeaderCell>
              <HeaderCell>Status</HeaderCell>
              {canUpdate ? (
                <HeaderCell>
                  <span className="sr-only">Actions</span>
                </HeaderCell>
              ) : null}
            </>
          }
        >
          {list.rows.map((admin) => {
            const isSelf = admin._id === profile?._id;
            return (
              <tr key={admin._id} className="align-middle">
                <td className={`${td} min-w-48`}>
                  <span className="flex items-center gap-2.5">
                    <Avatar name={admin.name} url={admin.avatarUrl} />
                    <span className="min-w-0">
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                        <Link
                          to={adminUserPath(admin._id)}
                          className="font-medium text-slate-900 hover:text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-white dark:hover:text-teal-300"
                        >
                          {admin.name}
                        </Link>
                        {isSelf ? <Badge tone="teal">You</Badge> : null}
                      </span>
                      {admin.invitationPending ? (
                        <span className="mt-1 block">
                          <Badge tone="amber" title="Invited; has not set a password yet">
                            Invitation pending
                          </Badge>
                        </span>
                      ) : null}
                    </span>
                  </span>
                </td>
                <td className={`${td} whitespace-nowrap`}>{admin.email}</td>
                <td className={`${td} min-w-28`}>{admin.userType.name}</td>
                <td className={td}>
                  {admin.twoFactorEnabled ? (
                    <Badge tone="green">On</Badge>
                  ) : (
                    <Badge tone="slate">Off</Badge>
                  )}
                </td>
                <td className={td}>
                  <DateTimeCell value={admin.lastLoginAt} empty="Never" />
                </td>
                <td className={td}>
                  <StatusToggle
                    active={admin.isActive}
                    name={admin.name}
                    readOnly={isSelf || !canUpdate}
                    disabled={status.isBusy(admin)}
                    onToggle={() => {
                      status.toggle(admin);
                    }}
                  />
                </td>
                {canUpdate ? (
                  <td className={`${td} text-right whitespace-nowrap`}>
                    <span className="inline-flex flex-col items-end gap-0.5">
                      {admin.invitationPending ? (
                        <RowAction
                          tone="indigo"
                          aria-label={`Resend invitation to ${admin.name}`}
                          disabled={resend.isBusy(admin)}
                          onClick={() => {
                            resend.start(admin);
                          }}
                        >
                          Resend invitation
                        </RowAction>
                      ) : null}
                      <RowAction
                        tone="teal"
                        aria-label={`Edit ${admin.name}`}
                        onClick={() => {
                          setDialog({ kind: 'form', admin });
                        }}
                      >
                        Edit
                      </RowAction>
                    </span>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </DataTable>
      </ListPageShell>

      <Suspense fallback={<OverlaySpinner />}>
        {dialog.kind === 'form' ? (
          <AdminUserFormModal
            admin={dialog.admin}
            isSelf={dialog.admin !== null && dialog.admin._id === profile?._id}
            onClose={closeDialog}
          />
        ) : null}
      </Suspense>

      <ConfirmDialog {...status.disable.confirmDialog} />
    </>
  );
};

export { AdminUsersPage as Component };
