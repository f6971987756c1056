import { lazy } from 'react';
import { Link } from 'react-router';
import type { AdminUser } from '@safarnama/contract';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import {
  ACTIONS_COLUMN,
  DataTable,
  EditAction,
  ListPageShell,
  RowAction,
} from '../../components/ui/ListPageShell';
import { loadWithTimeout } from '../../app/lazy';
import { useListDialog, useListPage, useSearchPaging } from '../../lib/useListPage';
import { useProfile } from '../auth/auth.api';
import { useCan } from '../auth/useCan';
import { adminUserPath, useAdminStatus, useResendInvitation } from './adminUsers';
import { useListAdminUsersQuery } from './manage.api';
import { AdminStatusToggle } from './AdminStatusToggle';
import { Avatar, Badge, DateTimeCell } from './parts';
import { CsvActions } from '../csv/CsvActions';

// The form (and the contract's zod rules it checks with) loads when first opened.
const AdminUserFormModal = lazy(() =>
  loadWithTimeout(() => import('./AdminUserFormModal')).then((module) => ({
    default: module.AdminUserFormModal,
  })),
);

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
  addLabel: 'Invite Admin',
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
  const { dialog, openForm, close, onAdd } = useListDialog<AdminUser>(canCreate);
  const status = useAdminStatus();
  const resend = useResendInvitation();

  const dialogs = (
    <>
      {dialog.kind === 'form' ? (
        <AdminUserFormModal
          admin={dialog.record}
          isSelf={dialog.record !== null && dialog.record._id === profile?._id}
          onClose={close}
        />
      ) : null}

      <ConfirmDialog {...status.disable.confirmDialog} />
    </>
  );

  return (
    <ListPageShell
      list={list}
      texts={TEXTS}
      onAdd={onAdd}
      dialogs={dialogs}
      filters={<CsvActions entity="admins" params={{ search: paging.search }} />}
    >
      <DataTable
        columns={[
          'Name',
          'E-mail',
          'Role',
          '2FA',
          'Last sign-in',
          'Status',
          canUpdate && ACTIONS_COLUMN,
        ]}
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
                <AdminStatusToggle admin={admin} status={status} readOnly={isSelf || !canUpdate} />
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
                    <EditAction record={admin} name={admin.name} onClick={openForm} />
                  </span>
                </td>
              ) : null}
            </tr>
          );
        })}
      </DataTable>
    </ListPageShell>
  );
};

export { AdminUsersPage as Component };
