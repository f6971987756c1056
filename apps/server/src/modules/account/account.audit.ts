import { selfRule, type AuditExemption, type AuditRule } from '../../http/audit.js';
import { adminUserLoader } from '../admins/admins.audit.js';

const session = {
  entityType: 'session',
  id: ({ request }) => request.auth?.session.id,
} satisfies Partial<AuditRule>;

/** Audit rules of the account routes (http/audit.ts): the links, and the admin's own account. */
export const ACCOUNT_AUDIT = {
  forgotPassword: {
    exempt:
      'anonymous, and answers the same for unknown e-mails (SECURITY case 3): an entry per request would let anyone fill the log; the e-mail is the record',
  },
  validateForgotPasswordToken: { exempt: 'only checks a link; changes nothing' },
  /** Public: written when the service names the admin of the link, as it uses the link. */
  forgotSetPassword: {
    action: 'password-set',
    entityType: 'admin-user',
    changes: 'none',
    summary: 'Set their password from an e-mailed link',
  },
  logoutOthers: selfRule('logout-others', 'Signed out of all other devices', session),
  updateProfile: selfRule('update', 'Updated their profile', {
    load: adminUserLoader,
    changes: 'payload',
  }),
  changePassword: selfRule('password-change', 'Changed their password'),
  generateTwoFactorSecret: selfRule('2fa-setup', 'Started two-factor setup'),
  verifyTwoFactor: selfRule('2fa-enable', 'Turned two-factor authentication on'),
  disableTwoFactor: selfRule('2fa-disable', 'Turned two-factor authentication off'),
} satisfies Record<string, AuditRule | AuditExemption>;
