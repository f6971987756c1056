import { lazy } from 'react';
import { Link, useNavigate } from 'react-router';
import { MANAGE_MESSAGES, type UserType } from '@safarnama/contract';
import { AlertDialog, AlertDialogAction, AlertDialogCancel } from '../../components/ui/AlertDialog';
import { buttonClasses } from '../../components/ui/Button';
import {
  ACTIONS_COLUMN,
  DataTable,
  EditAction,
  ListPageShell,
  StatusToggle,
  type Column,
} from '../../components/ui/ListPageShell';
import { loadWithTimeout } from '../../app/lazy';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { useListDialog, useListPage, useRowAction, useSearchPaging } from '../../lib/useListPage';
import { useCan } from '../auth/useCan';
import { useListUserTypesQuery, useUpdateUserTypeStatusMutation } from './manage.api';
import { Badge, LockIcon } from './parts';
import { CsvActions } from '../csv/CsvActions';

// The form (and the contract's zod rules it checks with) loads when first opened.
const UserTypeFormModal = lazy(() =>
  loadWithTimeout(() => import('./UserTypeFormModal')).then((module) => ({
    default: module.UserTypeFormModal,
  })),
);

const td = 'px-3 py-3 text-slate-700 dark:text-slate-300';
const LOCKED = 'The built-in Super Admin role holds every permission and cannot be changed.';

const TEXTS = {
  title: 'Add Role',
  description:
    'User types (roles) decide what each admin may see and do. Create a role here, then choose its permissions on the Add Permission page.',
  searchPlaceholder: 'Search by name or description...',
  searchLabel: 'Search roles',
  emptyTitle: 'No roles found',
  emptyMessage: 'Create a role to give admins a set of permissions.',
  countLabel: ['role', 'roles'],
  loadingLabel: 'Loading roles',
  addLabel: 'New Role',
} as const;

const COLUMNS: Column[] = [
  'Name',
  'Description',
  { label: 'Admins', className: 'text-right' },
  'Status',
  ACTIONS_COLUMN,
];

/** Where a role's permissions are edited. */
export const permissionsPath = (typeId: string) =>
  `/add-role-permission?type=${encodeURIComponent(typeId)}`;

/**
 * /add-user-type, 'Add Role' (spec §2): the user types (roles) in a searchable (500 ms, back to
 * page 1), paged table with name, description, how many admins have each, an Active/Inactive
 * switch and Edit. The built-in Super Admin row is locked. Disabling a role still in use is
 * refused by the server (409) with how many admins use it; that answer opens a dialog.
 */
export const UserTypesPage = () => {
  const canCreate = useCan('roles.create');
  const canUpdate = useCan('roles.update');
  const canSeeAdmins = useCan('admins.view');
  const navigate = useNavigate();
  const paging = useSearchPaging();
  const list = useListPage(paging, useListUserTypesQuery(paging.args), {
    rows: (data) => data.userTypes,
    errorFallback: 'Failed to fetch roles',
  });
  const { dialog, open, openForm, close, onAdd } = useListDialog<
    UserType,
    { kind: 'in-use'; userType: UserType; message: string }
  >(canCreate);
  const [updateStatus] = useUpdateUserTypeStatusMutation();
  const toggle = useRowAction({
    run: (userType: UserType) =>
      updateStatus({ id: userType._id, isActive: !userType.isActive }).unwrap(),
    success: MANAGE_MESSAGES.userTypeStatus,
    failure: 'Failed to update the role status',
    // A role still in use cannot be disabled: the 409 answer says by how many admins.
    onError: (cause, userType) => {
      if (getErrorStatus(cause) !== 409) return false;
      open({
        kind: 'in-use',
        userType,
        message: getErrorMessage(cause, MANAGE_MESSAGES.userTypeInUse(userType.adminCount)),
      });
      return true;
    },
  });

  const dialogs = (
    <>
      {dialog.kind === 'form' ? (
        <UserTypeFormModal userType={dialog.record} onClose={close} />
      ) : null}

      <AlertDialog
        open={dialog.kind === 'in-use'}
        onOpenChange={(isOpen) => {
          if (!isOpen) close();
        }}
        title={dialog.kind === 'in-use' ? `${dialog.userType.name} is in use` : 'Role in use'}
        description={dialog.kind === 'in-use' ? dialog.message : ''}
      >
        <AlertDialogCancel className={buttonClasses('secondary')}>OK</AlertDialogCancel>
        {canSeeAdmins ? (
          <AlertDialogAction
            className={buttonClasses('primary')}
            onClick={() => {
              void navigate('/add-user');
            }}
          >
            Go to Add User
          </AlertDialogAction>
        ) : null}
      </AlertDialog>
    </>
  );

  return (
    <ListPageShell
      list={list}
      texts={TEXTS}
      onAdd={onAdd}
      dialogs={dialogs}
      filters={<CsvActions entity="roles" params={{ search: paging.search }} />}
    >
      <DataTable columns={COLUMNS}>
        {list.rows.map((userType) => {
          const locked = userType.isSuperAdmin;
          return (
            <tr key={userType._id} className="align-top">
              <td className={`${td} min-w-40 font-medium text-slate-900 dark:text-white`}>
                <span className="flex flex-wrap items-center gap-2">
                  {userType.name}
                  {locked ? (
                    <Badge tone="indigo" title={LOCKED}>
                      <LockIcon />
                      Built-in
                    </Badge>
                  ) : null}
                </span>
              </td>
              <td className={`${td} max-w-md min-w-48 break-words`}>
                {userType.description || (
                  <span className="text-slate-500 dark:text-slate-400">—</span>
                )}
              </td>
              <td className={`${td} text-right whitespace-nowrap tabular-nums`}>
                {formatCount(userType.adminCount, 'admin')}
              </td>
              <td className={td}>
                <StatusToggle
                  active={userType.isActive}
                  name={userType.name}
                  readOnly={locked || !canUpdate}
                  disabled={toggle.isBusy(userType)}
                  onToggle={() => {
                    toggle.start(userType);
                  }}
                />
              </td>
              <td className={`${td} text-right whitespace-nowrap`}>
                {locked ? (
                  <span className="text-xs text-slate-500 dark:text-slate-400" title={LOCKED}>
                    Locked
                  </span>
                ) : (
                  <span className="inline-flex gap-1">
                    <EditAction
                      record={userType}
                      name={userType.name}
                      onClick={canUpdate ? openForm : undefined}
                    />
                    <Link
                      to={permissionsPath(userType._id)}
                      aria-label={`Permissions of ${userType.name}`}
                      className="rounded px-1.5 py-0.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-indigo-300 dark:hover:bg-indigo-400/10"
                    >
                      Permissions
                    </Link>
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </ListPageShell>
  );
};

export { UserTypesPage as Component };
