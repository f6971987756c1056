import type { FastifyInstance, InjectOptions } from 'fastify';
import type { PermissionKey } from '@safarnama/contract';
import type { Database } from '../db/client.js';
import type { PasswordHasher } from '../lib/password.js';
import { hashToken, newToken } from '../lib/tokens.js';
import type { MailMessage, Mailer } from '../messaging/mail.js';
import type { Realtime } from '../realtime/hub.js';
import { insertSession } from '../modules/identity/sessions.repo.js';
import { ensureSuperAdminRole } from '../modules/roles/roles.repo.js';
import { makeAdmin, type MadeAdmin } from './factories.js';

/** A realtime hub that records what the services asked of it (no sockets in these tests). */
export const fakeRealtime = () => {
  const emitted: { adminIds: string[]; event: string; payload: unknown }[] = [];
  const revokedAdmins: { adminIds: string[]; reason: string }[] = [];
  const revokedSessions: { sessionIds: string[]; reason: string }[] = [];
  const realtime: Realtime = {
    attach: () => undefined,
    emitToAdmins: (adminIds, event, payload) => {
      emitted.push({ adminIds: [...adminIds], event, payload });
    },
    broadcast: () => undefined,
    revokeSessions: (sessionIds, reason) => {
      revokedSessions.push({ sessionIds: [...sessionIds], reason });
    },
    revokeAdmins: (adminIds, reason) => {
      revokedAdmins.push({ adminIds: [...adminIds], reason });
    },
    readmit: async () => 0,
    notifyPeers: () => undefined,
    onPeerSignal: () => undefined,
    connectionCount: () => 0,
    close: async () => undefined,
  };
  return { realtime, emitted, revokedAdmins, revokedSessions };
};

/** A mailer that keeps every message; `failing = true` makes it throw like a dead SMTP server. */
export const fakeMailer = () => {
  const sent: MailMessage[] = [];
  const state = { failing: false };
  const mailer: Mailer = {
    send: async (message) => {
      if (state.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(message);
      return { via: 'smtp', messageId: `<${sent.length}@test>` };
    },
  };
  return { mailer, sent, state };
};

/** A live session straight in the database (no sign-in, no throttle): its bearer headers. */
export const sessionFor = async (db: Database, adminId: string) => {
  const token = newToken();
  const at = new Date();
  await insertSession(db, {
    adminId,
    tokenHash: hashToken(token),
    tokenType: 'Session',
    createdAt: at,
    lastSeenAt: at,
    idleExpiresAt: new Date(at.getTime() + 8 * 3600_000),
    absoluteExpiresAt: new Date(at.getTime() + 24 * 3600_000),
  });
  return { authorization: `Bearer ${token}` };
};

/** An admin of the built-in Super Admin type. */
export const makeSuperAdmin = async (
  db: Database,
  hasher: PasswordHasher,
  values: { email?: string } = {},
): Promise<MadeAdmin> =>
  makeAdmin(db, hasher, { ...values, userType: await ensureSuperAdminRole(db) });

/** An admin with exactly these keys, and bearer headers of a fresh session. */
export const signedInWith = async (
  db: Database,
  hasher: PasswordHasher,
  permissions: PermissionKey[] | 'super',
) => {
  const made =
    permissions === 'super'
      ? await makeSuperAdmin(db, hasher)
      : await makeAdmin(db, hasher, { permissions });
  return { ...made, headers: await sessionFor(db, made.admin.id) };
};

/** `{data}` JSON POST through inject. */
export const postData = (
  app: FastifyInstance,
  url: string,
  data: unknown,
  headers: Record<string, string>,
  extra: Partial<InjectOptions> = {},
) => app.inject({ method: 'POST', url, payload: { data }, headers, ...extra });
