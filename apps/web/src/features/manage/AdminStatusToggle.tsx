import type { AdminUser } from '@safarnama/contract';
import { StatusToggle } from '../../components/ui/ListPageShell';
import type { useAdminStatus } from './adminUsers';

/** An admin's Active/Inactive switch (`useAdminStatus`); a plain badge when `readOnly`. */
export const AdminStatusToggle = ({
  admin,
  status,
  readOnly,
}: {
  admin: AdminUser;
  status: ReturnType<typeof useAdminStatus>;
  readOnly: boolean;
}) => (
  <StatusToggle
    active={admin.isActive}
    name={admin.name}
    readOnly={readOnly}
    disabled={status.isBusy(admin)}
    onToggle={() => {
      status.toggle(admin);
    }}
  />
);
