import { selfRule, type AuditRule } from '../../http/audit.js';

/**
 * Audit rules of the sign-in routes (http/audit.ts). A sign-in is public: its entry is written
 * only when the service names the admin who proved to be themselves, inside the transaction that
 * opens the session (identity/auth.service.ts `openSession`): a finished sign-in, never the
 * two-factor step or a failure (those are in `login_attempts`).
 */
export const AUTH_AUDIT = {
  login: {
    action: 'login',
    entityType: 'admin-user',
    changes: 'none',
    summary: 'Signed in',
  },
  validateLoginToken: {
    action: 'login',
    entityType: 'admin-user',
    changes: 'none',
    summary: 'Signed in with two-factor authentication',
  },
  logout: selfRule('logout', 'Signed out', {
    entityType: 'session',
    id: ({ request }) => request.auth?.session.id,
  }),
} satisfies Record<string, AuditRule>;
