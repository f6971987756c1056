/** Shared by the admin users list and one admin's page: links, status switch, invitations. */

import { useState } from 'react';
import { MANAGE_MESSAGES, type AdminUser } from '@safarnama/contract';
import { toastError } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useResendInvitationMutation, useUpdateAdminUserStatusMutation } from './manage.api';

/** The page of one admin (Admin User Info). */
export const adminUserPath = (id: string) => `/admin/user/${encodeURIComponent(id)}`;

export const DISABLE_WARNING =
  'They are signed out of every session at once and cannot sign in until their account is enabled again.';

/** Switches an admin on or off, with the spec'd toasts; disabling asks first (see the callers). */
export const useAdminStatus = () => {
  const [updateStatus] = useUpdateAdminUserStatusMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const setStatus = (admin: AdminUser, isActive: boolean): void => {
    setBusyId(admin._id);
    updateStatus({ id: admin._id, isActive })
      .unwrap()
      .then((message) => {
        showToast('success', message || MANAGE_MESSAGES.userStatus);
      })
      .catch((error: unknown) => {
        toastError(error, 'Failed to update the admin status');
      })
      .finally(() => {
        setBusyId(null);
      });
  };
  return { setStatus, busyId };
};

/** 'Resend invitation' for an admin who has not set a password yet. */
export const useResendInvitation = () => {
  const [resend, { isLoading, originalArgs }] = useResendInvitationMutation();
  const send = (admin: AdminUser): void => {
    resend({ id: admin._id })
      .unwrap()
      .then(({ message, invitationSent }) => {
        if (invitationSent) showToast('success', message || MANAGE_MESSAGES.invitationSent);
        else showToast('error', message || MANAGE_MESSAGES.invitationMailFailed);
      })
      .catch((error: unknown) => {
        toastError(error, 'Failed to send the invitation');
      });
  };
  return { send, sendingId: isLoading ? originalArgs?.id : undefined };
};
