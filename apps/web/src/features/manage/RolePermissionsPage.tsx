import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MANAGE_MESSAGES, PERMISSION_KEYS, type UserTypePermissions } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FormError, inputClasses, labelClasses } from '../../components/ui/Form';
import { DataTable, ACTIONS_COLUMN, RowAction } from '../../components/ui/ListPageShell';
import { PageHeader } from '../../components/ui/PageHeader';
import { Pagination } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { getErrorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useListPage, useSearchPaging } from '../../lib/useListPage';
import { useProfile } from '../auth/auth.api';
import { useCan } from '../auth/useCan';
import {
  useGetUserTypePermissionsQuery,
  useListAllUserTypePermissionsQuery,
  useListUserTypeOptionsQuery,
  useSaveUserTypePermissionsMutation,
} from './manage.api';
import { Badge, LockIcon } from './parts';
import { PermissionMatrix } from './PermissionMatrix';
import { editableKeys, sameKeys, summarise, toRequestKeys } from './permissionMatrix';

const Note = ({ tone, children }: { tone: 'info' | 'warning'; children: ReactNode }) => (
  <p
    role="note"
    className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${
      tone === 'warning'
        ? 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200'
        : 'border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300'
    }`}
  >
    {children}
  </p>
);

/**
 * /add-role-permission, 'Add Permission' (spec §2): choose a role, tick what it may do in the
 * module × action matrix (row and column toggles; keys the editor does not hold are locked) and
 * save; below, every role's permissions, paged. `?type=<id>` opens a role directly (the roles
 * page links here).
 */
export const RolePermissionsPage = () => {
  const selectId = useId();
  const [params, setParams] = useSearchParams();
  const typeId = params.get('type') ?? '';
  const options = useListUserTypeOptionsQuery(undefined);
  const current = useGetUserTypePermissionsQuery(typeId, { skip: !typeId });

  const choose = (id: string): void => {
    setParams(id ? { type: id } : {}, { replace: false });
  };

  const choices = options.data ?? [];
  // A disabled role (linked from the roles page) is not among the active options: list it too.
  const missing =
    typeId && current.data && !choices.some((option) => option._id === typeId)
      ? current.data.userType
      : null;

  return (
    <div className="space-y-8">
      <div>
        <PageHeader
          title="Add Permission"
          description="Choose a role and tick what its admins may do in each part of the back-office. Changes apply to their next request, and their open pages update their menus at once."
        />
        <Card className="p-4 sm:p-5">
          <div className="max-w-sm">
            <label htmlFor={selectId} className={labelClasses}>
              Role
            </label>
            <select
              id={selectId}
              value={typeId}
              onChange={(event) => {
                choose(event.target.value);
              }}
              disabled={options.isLoading}
              className={inputClasses()}
            >
              <option value="">Choose a role...</option>
              {choices.map((option) => (
                <option key={option._id} value={option._id}>
                  {option.name}
                </option>
              ))}
              {missing ? <option value={missing._id}>{missing.name} (disabled)</option> : null}
            </select>
            {options.error ? (
              <p className="mt-1 text-sm text-red-600 dark:text-red-400">
                {getErrorMessage(options.error, 'Failed to fetch roles')}
              </p>
            ) : null}
          </div>

          <div className="mt-5">
            {!typeId ? (
              <p className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
                Choose a role to see and change its permissions.
              </p>
            ) : current.isLoading ? (
              <div className="flex justify-center py-12 text-teal-600 dark:text-teal-400">
                <Spinner className="size-6" label="Loading permissions" />
              </div>
            ) : current.data ? (
              <PermissionEditor
                key={`${typeId}:${current.fulfilledTimeStamp ?? 0}`}
                typeId={typeId}
                data={current.data}
              />
            ) : (
              <FormError
                message={getErrorMessage(current.error, 'Failed to fetch the permissions')}
              />
            )}
          </div>
        </Card>
      </div>

      <PermissionsOverview
        selectedId={typeId}
        onEdit={(id) => {
          choose(id);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
};

const PermissionEditor = ({ typeId, data }: { typeId: string; data: UserTypePermissions }) => {
  const { data: profile } = useProfile();
  const canUpdate = useCan('roles.update');
  const readOnly = !data.editable || !canUpdate;
  const canChange = editableKeys(data.grantable, !readOnly);
  const saved = new Set(data.permissions);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(data.permissions));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading: saving }] = useSaveUserTypePermissionsMutation();
  const dirty = !sameKeys(selected, saved);
  const overCeiling = !readOnly && PERMISSION_KEYS.some((key) => !canChange.has(key));
  const own = profile?.userType._id === typeId;
  const held = toRequestKeys(selected).length;

  const handleSave = async (): Promise<void> => {
    setError(null);
    try {
      const message = await save({ type: typeId, permissions: toRequestKeys(selected) }).unwrap();
      showToast('success', message || MANAGE_MESSAGES.permissionsSaved);
    } catch (cause) {
      const message = getErrorMessage(cause, 'Failed to save the permissions. Please try again.');
      setError(message);
      showToast('error', message);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">
          {data.userType.name}
        </h2>
        {data.userType.isSuperAdmin ? (
          <Badge tone="indigo">
            <LockIcon />
            Built-in
          </Badge>
        ) : null}
        {data.userType.isActive ? null : <Badge tone="slate">Disabled</Badge>}
        <span className="text-sm text-slate-500 dark:text-slate-400">
          {held} of {PERMISSION_KEYS.length} permissions
        </span>
      </div>

      {data.userType.isSuperAdmin ? (
        <Note tone="info">
          The built-in Super Admin role holds every permission. It cannot be changed.
        </Note>
      ) : !data.editable && own ? (
        <Note tone="info">
          This is your own role: nobody changes the permissions of their own role. Another admin who
          holds these permissions can.
        </Note>
      ) : !data.editable ? (
        <Note tone="info">You cannot change the permissions of this role.</Note>
      ) : !canUpdate ? (
        <Note tone="info">You can see these permissions but not change them.</Note>
      ) : null}
      {!data.userType.isActive ? (
        <Note tone="warning">
          This role is disabled: its admins get none of these permissions until it is switched on
          again on the Add Role page.
        </Note>
      ) : null}
      {overCeiling ? (
        <Note tone="info">
          <span className="mt-0.5 shrink-0">
            <LockIcon />
          </span>
          <span>
            Locked boxes are permissions you do not hold yourself: nobody can grant or withdraw more
            than they have.
          </span>
        </Note>
      ) : null}
      {readOnly ? null : (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          A permission brings what its pages need: ticking create, update or delete ticks view, and
          a form ticks the lists it picks from (Itineraries · Create ticks the countries and image
          libraries). Those stay ticked while a permission needs them.
        </p>
      )}

      <div className="rounded-lg border border-slate-200 dark:border-slate-800">
        <PermissionMatrix
          selected={selected}
          canChange={canChange}
          readOnly={readOnly}
          onChange={(next) => {
            setSelected(next);
            setError(null);
          }}
        />
      </div>

      {readOnly ? null : (
        <>
          <FormError message={error} />
          <div className="flex flex-wrap items-center justify-end gap-3">
            {dirty ? (
              <span className="mr-auto text-sm text-amber-700 dark:text-amber-300">
                Unsaved changes
              </span>
            ) : null}
            <Button
              variant="secondary"
              disabled={!dirty || saving}
              onClick={() => {
                setSelected(new Set(data.permissions));
                setError(null);
              }}
            >
              Discard changes
            </Button>
            <Button loading={saving} disabled={!dirty} onClick={() => void handleSave()}>
              {saving ? 'Saving...' : 'Save Permissions'}
            </Button>
          </div>
        </>
      )}
    </div>
  );
};

/** Every role with what it holds, paged (getAllUserTypePermissions). */
const PermissionsOverview = ({
  selectedId,
  onEdit,
}: {
  selectedId: string;
  onEdit: (id: string) => void;
}) => {
  // Paged, not searched: the search text stays empty.
  const paging = useSearchPaging();
  const { page, limit } = paging.args;
  const list = useListPage(paging, useListAllUserTypePermissionsQuery({ page, limit }), {
    rows: (data) => data.userTypes,
    errorFallback: 'Failed to fetch the roles’ permissions',
  });
  const { rows, pagination, isLoading, isFetching, error } = list;
  return (
    <section aria-labelledby="overview-heading">
      <div className="mb-3 flex items-center gap-3">
        <h2 id="overview-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Permissions of every role
        </h2>
        {isFetching && !isLoading ? (
          <span className="text-teal-600 dark:text-teal-400">
            <Spinner label="Loading" />
          </span>
        ) : null}
      </div>
      {error ? <FormError message={error} /> : null}
      <Card className="overflow-hidden">
        {isLoading ? (
          <div className="flex justify-center py-12 text-teal-600 dark:text-teal-400">
            <Spinner className="size-6" label="Loading roles" />
          </div>
        ) : list.isEmpty ? (
          <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
            No roles yet.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <DataTable columns={['Role', 'Permissions', ACTIONS_COLUMN]}>
              {rows.map((row) => {
                const lines = summarise(row.permissions);
                return (
                  <tr
                    key={row._id}
                    className={`align-top ${row._id === selectedId ? 'bg-teal-50/60 dark:bg-teal-400/5' : ''}`}
                  >
                    <td className="min-w-40 px-3 py-3">
                      <p className="font-medium text-slate-900 dark:text-white">{row.name}</p>
                      <p className="mt-1 flex flex-wrap gap-1">
                        {row.isSuperAdmin ? <Badge tone="indigo">Built-in</Badge> : null}
                        {row.isActive ? null : <Badge tone="slate">Disabled</Badge>}
                      </p>
                    </td>
                    <td className="px-3 py-3">
                      {row.isSuperAdmin ? (
                        <span className="text-slate-700 dark:text-slate-300">Every permission</span>
                      ) : lines.length === 0 ? (
                        <span className="text-slate-500 dark:text-slate-400">No permissions</span>
                      ) : (
                        <ul
                          className="flex flex-wrap gap-1.5"
                          aria-label={`${row.name} permissions`}
                        >
                          {lines.map((line) => (
                            <li
                              key={line.label}
                              className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                            >
                              <span className="font-medium">{line.label}</span>: {line.actions}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className="px-3 py-3 text-right">
                      <RowAction
                        tone="teal"
                        aria-label={`Open ${row.name}`}
                        onClick={() => {
                          onEdit(row._id);
                        }}
                      >
                        Open
                      </RowAction>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          </div>
        )}
      </Card>
      {pagination && pagination.totalPages > 1 ? (
        <div className="mt-4 flex justify-end">
          <Pagination
            page={page}
            totalPages={pagination.totalPages}
            onPageChange={paging.setPage}
            label="Roles pagination"
          />
        </div>
      ) : null}
    </section>
  );
};

export { RolePermissionsPage as Component };
