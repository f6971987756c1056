import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PAGE_SIZE, type AdminUser, type Pagination as PaginationInfo } from '@safarnama/contract';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { OverlaySpinner } from '../../components/ui/ListPageShell';
import { PageHeader } from '../../components/ui/PageHeader';
import { Pagination, totalText } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { StatusScreen } from '../../components/ui/StatusScreen';
import { loadWithTimeout } from '../../app/lazy';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { formatDateTime, formatShortDate, useDisplaySettings } from '../../lib/format';
import { useProfile } from '../auth/auth.api';
import { LoginActivityTable } from '../account/LoginActivityTable';
import { useCan } from '../auth/useCan';
import { ActivityTable } from './ActivityTable';
import { useAdminStatus, useResendInvitation } from './adminUsers';
import { useGetAdminUserQuery } from './manage.api';
import { AdminStatusToggle } from './AdminStatusToggle';
import { Avatar, Badge } from './parts';

// The form (and the contract's zod rules it checks with) loads when first opened.
const AdminUserFormModal = lazy(() =>
  loadWithTimeout(() => import('./AdminUserFormModal')).then((module) => ({
    default: module.AdminUserFormModal,
  })),
);

const BACK = '/add-user';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
      {label}
    </dt>
    <dd className="mt-1 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
  </div>
);

interface SectionProps {
  id: string;
  title: string;
  pagination: PaginationInfo;
  page: number;
  onPageChange: (page: number) => void;
  busy: boolean;
  emptyMessage: string;
  children: ReactNode;
}

/** A titled card with its own table and its own Previous / numbers / Next. */
const PagedSection = ({
  id,
  title,
  pagination,
  page,
  onPageChange,
  busy,
  emptyMessage,
  children,
}: SectionProps) => (
  <section aria-labelledby={id}>
    <div className="mb-3 flex items-center gap-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <span className="text-sm text-slate-500 dark:text-slate-400">{totalText(pagination)}</span>
      {busy ? (
        <span className="text-teal-600 dark:text-teal-400">
          <Spinner label={`Loading ${title.toLowerCase()}`} />
        </span>
      ) : null}
    </div>
    <Card className="overflow-hidden">
      {pagination.total === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          {emptyMessage}
        </p>
      ) : (
        <div className="overflow-x-auto">{children}</div>
      )}
    </Card>
    {pagination.totalPages > 1 ? (
      <div className="mt-3 flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Page {page} of {pagination.totalPages}
        </p>
        <Pagination
          page={page}
          totalPages={pagination.totalPages}
          hasNextPage={pagination.hasNextPage}
          onPageChange={onPageChange}
          label={`${title} pagination`}
        />
      </div>
    ) : null}
  </section>
);

/**
 * /admin/user/:id, 'Admin User Info' (spec §2): the admin's profile and status, their sign-ins
 * and their actions, each table paged on its own (loginPage / adminPage of one call).
 */
export const AdminUserPage = () => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const { id = '' } = useParams();
  const [loginPage, setLoginPage] = useState(1);
  const [adminPage, setAdminPage] = useState(1);
  const { data, error, isLoading, isFetching } = useGetAdminUserQuery(
    { id, loginPage, loginLimit: PAGE_SIZE, adminPage, adminLimit: PAGE_SIZE },
    { skip: !id, refetchOnMountOrArgChange: true },
  );

  const back = (
    <Link to={BACK} className={buttonClasses('secondary')}>
      Back to Add User
    </Link>
  );

  if (isLoading) {
    return (
      <div className="flex justify-center py-20 text-teal-600 dark:text-teal-400">
        <Spinner className="size-8" label="Loading admin" />
      </div>
    );
  }
  if (!data || data.admin._id !== id) {
    if (isFetching) {
      return (
        <div className="flex justify-center py-20 text-teal-600 dark:text-teal-400">
          <Spinner className="size-8" label="Loading admin" />
        </div>
      );
    }
    const notFound = getErrorStatus(error) === 404 || getErrorStatus(error) === 400;
    return (
      <StatusScreen
        fullScreen={false}
        title={notFound ? 'Admin user not found' : 'Admin user unavailable'}
        message={
          notFound
            ? 'This admin does not exist, or the link is wrong.'
            : getErrorMessage(error, 'The admin could not be loaded.')
        }
      >
        {back}
      </StatusScreen>
    );
  }

  return (
    <div className="space-y-8">
      <PageHeader title="Admin User Info" actions={back} />
      <ProfileCard admin={data.admin} />
      <PagedSection
        id="logins-heading"
        title="Login activity"
        pagination={data.loginActivity.pagination}
        page={loginPage}
        onPageChange={setLoginPage}
        busy={isFetching && data.loginActivity.pagination.page !== loginPage}
        emptyMessage="No sign-ins yet."
      >
        <LoginActivityTable activities={data.loginActivity.activities} />
      </PagedSection>
      <PagedSection
        id="actions-heading"
        title="Actions"
        pagination={data.activities.pagination}
        page={adminPage}
        onPageChange={setAdminPage}
        busy={isFetching && data.activities.pagination.page !== adminPage}
        emptyMessage="No changes made by this admin yet."
      >
        <ActivityTable activities={data.activities.activities} showAdmin={false} />
      </PagedSection>
    </div>
  );
};

const ProfileCard = ({ admin }: { admin: AdminUser }) => {
  const { data: profile } = useProfile();
  const canUpdate = useCan('admins.update');
  const isSelf = profile?._id === admin._id;
  const [editing, setEditing] = useState(false);
  const status = useAdminStatus();
  const resend = useResendInvitation();
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <Avatar name={admin.name} url={admin.avatarUrl} size="size-16" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{admin.name}</h2>
            {isSelf ? <Badge tone="teal">You</Badge> : null}
            {admin.invitationPending ? <Badge tone="amber">Invitation pending</Badge> : null}
          </div>
          <p className="mt-0.5 text-sm break-all text-slate-600 dark:text-slate-400">
            {admin.email}
          </p>
          <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
            <Fact label="Role">{admin.userType.name}</Fact>
            <Fact label="Status">
              <AdminStatusToggle admin={admin} status={status} readOnly={isSelf || !canUpdate} />
            </Fact>
            <Fact label="Two-factor">
              {admin.twoFactorEnabled ? (
                <Badge tone="green">On</Badge>
              ) : (
                <Badge tone="slate">Off</Badge>
              )}
            </Fact>
            <Fact label="Phone">{admin.phone ?? '—'}</Fact>
            <Fact label="Last sign-in">
              {admin.lastLoginAt ? formatDateTime(admin.lastLoginAt) : 'Never'}
            </Fact>
            <Fact label="Member since">{formatShortDate(admin.createdAt)}</Fact>
          </dl>
        </div>
        {canUpdate ? (
          <div className="flex shrink-0 gap-2 sm:flex-col">
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(true);
              }}
            >
              Edit
            </Button>
            {admin.invitationPending ? (
              <Button
                variant="secondary"
                loading={resend.isBusy(admin)}
                onClick={() => {
                  resend.start(admin);
                }}
              >
                Resend invitation
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <Suspense fallback={<OverlaySpinner />}>
        {editing ? (
          <AdminUserFormModal
            admin={admin}
            isSelf={isSelf}
            onClose={() => {
              setEditing(false);
            }}
          />
        ) : null}
      </Suspense>
      <LazyConfirmDialog {...status.disable.confirmDialog} />
    </Card>
  );
};

export { AdminUserPage as Component };
