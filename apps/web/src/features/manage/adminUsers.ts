/** Shared by the admin users list and one admin's page: links, status switch, invitations. */

import { MANAGE_MESSAGES, type AdminUser } from '@safarnama/contract';
import { showToast } from '../../lib/toast';
import { useRowAction } from '../../lib/useListPage';
import { useResendInvitationMutation, useUpdateAdminUserStatusMutation } from './manage.api';

/** The page of one admin (Admin User Info). */
export const adminUserPath = (id: string) => `/admin/user/${encodeURIComponent(id)}`;

const DISABLE_WARNING =
  'They are signed out of every session at once and cannot sign in until their account is activated again.';

const STATUS_TOASTS = {
  success: MANAGE_MESSAGES.userStatus,
  failure: 'Failed to update the admin status',
};

/**
 * Switches an admin on or off, with the spec'd toasts; disabling asks first (render
 * `<ConfirmDialog {...status.disable.confirmDialog} />`).
 */
export const useAdminStatus = () => {
  const [updateStatus] = useUpdateAdminUserStatusMutation();
  const enable = useRowAction({
    run: (admin: AdminUser) => updateStatus({ id: admin._id, isActive: true }).unwrap(),
    ...STATUS_TOASTS,
  });
  const disable = useRowAction({
    run: (admin: AdminUser) => updateStatus({ id: admin._id, isActive: false }).unwrap(),
    confirm: {
      title: (admin) => `Deactivate ${admin.name}?`,
      message: DISABLE_WARNING,
      confirmLabel: 'Deactivate',
    },
    ...STATUS_TOASTS,
  });
  return {
    disable,
    /** Enables an active admin's switch at once; disabling asks first. */
    toggle: (admin: AdminUser): void => {
      (admin.isActive ? disable : enable).start(admin);
    },
    isBusy: (admin: AdminUser): boolean => enable.isBusy(admin) || disable.isBusy(admin),
  };
};

/** 'Resend invitation' for an admin who has not set a password yet. */
export const useResendInvitation = () => {
  const [resend] = useResendInvitationMutation();
  return useRowAction({
    run: (admin: AdminUser) => resend({ id: admin._id }).unwrap(),
    failure: 'Failed to send the invitation',
    onSuccess: (_admin, { message, invitationSent }) => {
      if (invitationSent) showToast('success', message || MANAGE_MESSAGES.invitationSent);
      else showToast('error', message || MANAGE_MESSAGES.invitationMailFailed);
    },
  });
};
