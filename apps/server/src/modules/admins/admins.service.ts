import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  MANAGE_MESSAGES as M,
  SOCKET_EVENTS,
  makePagination,
  type AdminUser,
  type AdminUserDetails,
  type AdminUserInvited,
  type AdminUserList,
  type ListQuery,
  type addAdminUserRequestSchema,
  type adminUserByIdQuerySchema,
  type resendInvitationRequestSchema,
  type updateAdminUserRequestSchema,
  type updateStatusRequestSchema,
} from '@safarnama/contract';
import type { Database, Executor } from '../../db/client.js';
import { noteEntity, transaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/errors.js';
import { newToken } from '../../lib/tokens.js';
import type { AuthContext } from '../../http/access.js';
import {
  Conflict,
  Forbidden,
  NotFound,
  ServiceUnavailable,
  ValidationError,
} from '../../http/errors.js';
import type { Mailer } from '../../messaging/mail.js';
import { invitationMail } from '../../messaging/templates.js';
import type { Realtime } from '../../realtime/hub.js';
import type { ActivityService } from '../activity/activity.service.js';
import { issueLinkToken, setPasswordUrl, voidLinkTokens } from '../identity/link-tokens.js';
import { loginActivityPage } from '../identity/login-activity.js';
import { revokeAdminSessions } from '../identity/sessions.repo.js';
import { heldPermissions } from '../roles/roles.present.js';
import { shareLockUserType, type UserTypeRow } from '../roles/roles.repo.js';
import { presentAdminUser } from './admins.present.js';
import {
  findAdminWithTypeById,
  insertAdmin,
  listAdmins,
  lockActiveSuperAdmins,
  updateAdmin,
  type AdminWithType,
} from './admins.repo.js';

export type AddAdminData = z.output<typeof addAdminUserRequestSchema>;
export type UpdateAdminData = z.output<typeof updateAdminUserRequestSchema>;
export type AdminStatusData = z.output<typeof updateStatusRequestSchema>;
export type ResendData = z.output<typeof resendInvitationRequestSchema>;
export type AdminByIdQuery = z.output<typeof adminUserByIdQuerySchema>;

/** Why an admin's sessions end when they are disabled (the socket event carries it). */
export const DISABLED_REASON = 'disabled';

export interface AdminServiceDeps {
  db: Database;
  mailer: Mailer;
  realtime: Pick<Realtime, 'emitToAdmins' | 'revokeAdmins'>;
  activity: Pick<ActivityService, 'page'>;
  /** Where set-password links point (PUBLIC_URL, never the Host header). */
  publicUrl: string;
  now: () => Date;
  /** The Basic Settings' product name, for the invitation mail (default 'Safarnama'). */
  productName?: () => Promise<string>;
}

/**
 * The ceiling applied to admins: a caller may only manage admins, and only assign user types,
 * whose permissions they hold themselves. Otherwise an admin manager could invite a super admin
 * at an address they control, or change a super admin's e-mail and reset the password.
 */
const covers = (auth: AuthContext, userType: UserTypeRow) =>
  heldPermissions(userType).every((key) => auth.permissions.has(key));

const userTypeField = (message: string) => new ValidationError([{ path: 'userTypeId', message }]);

/**
 * Admin users (issue 8): invitations (no password chosen by the inviter: a 72-hour set-password
 * link by e-mail), list, edit, enable/disable, the admin user info screen.
 */
export const createAdminService = ({
  db,
  mailer,
  realtime,
  activity,
  publicUrl,
  now,
  productName,
}: AdminServiceDeps) => {
  const notFound = () => new NotFound(M.userNotFound);

  const load = async (id: string): Promise<AdminWithType> => {
    const row = await findAdminWithTypeById(db, id);
    if (!row) throw notFound();
    return row;
  };

  /** The managed admin must not hold more than the caller. */
  const loadManageable = async (id: string, auth: AuthContext) => {
    const row = await load(id);
    if (!covers(auth, row.userType)) throw new Forbidden(M.adminAboveCeiling);
    return row;
  };

  /** A type an admin is being given: exists (400), active (400), within the ceiling (403). */
  const assignableType = async (tx: Executor, userTypeId: string, auth: AuthContext) => {
    const userType = await shareLockUserType(tx, userTypeId);
    if (!userType) throw userTypeField(M.userTypeNotFound);
    if (!userType.isActive) throw userTypeField(M.userTypeInactive);
    if (!covers(auth, userType)) throw new Forbidden(M.permissionCeiling);
    return userType;
  };

  /** Refuses a change that would leave no active super admin (locks them all first). */
  const keepOneSuperAdmin = async (tx: Executor, adminId: string) => {
    const active = await lockActiveSuperAdmins(tx);
    if (!active.some((id) => id !== adminId)) throw new Conflict(M.lastSuperAdmin);
  };

  /** Sends the invitation; a failure is logged and reported, never thrown. */
  const sendInvitation = async (
    row: AdminWithType,
    token: string,
    invitedBy: string,
    log: FastifyBaseLogger,
  ): Promise<boolean> => {
    try {
      await mailer.send(
        invitationMail(
          { email: row.admin.email, name: row.admin.name },
          invitedBy,
          setPasswordUrl(publicUrl, token),
          await productName?.(),
        ),
      );
      return true;
    } catch (err) {
      log.error({ err, adminId: row.admin.id }, 'invitation e-mail could not be sent');
      return false;
    }
  };

  const add = async (
    input: AddAdminData,
    auth: AuthContext,
    log: FastifyBaseLogger,
  ): Promise<AdminUserInvited> => {
    let created: { row: AdminWithType; token: string };
    try {
      created = await transaction(db, async (tx) => {
        const userType = await assignableType(tx, input.userTypeId, auth);
        const admin = await insertAdmin(tx, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          userTypeId: userType.id,
          passwordHash: null,
        });
        noteEntity(admin.id);
        const { token } = await issueLinkToken(tx, admin.id, 'invite', now());
        return { row: { admin, userType }, token };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(M.emailTaken);
      throw err;
    }
    // After the commit: the admin exists whatever the mail does.
    const invitationSent = await sendInvitation(created.row, created.token, auth.admin.name, log);
    return { data: presentAdminUser(created.row), invitationSent };
  };

  const resendInvitation = async (
    input: ResendData,
    auth: AuthContext,
    log: FastifyBaseLogger,
  ): Promise<AdminUserInvited> => {
    const row = await loadManageable(input.id, auth);
    if (row.admin.passwordHash !== null) throw new Conflict(M.invitationNotPending);
    // The fresh link is stored (voiding the older ones), with the audit entry, once its mail has
    // gone: a failed mail changes nothing and the previous link still works.
    const token = newToken();
    if (!(await sendInvitation(row, token, auth.admin.name, log))) {
      throw new ServiceUnavailable(M.invitationMailFailed);
    }
    await transaction(db, (tx) => issueLinkToken(tx, row.admin.id, 'invite', now(), token));
    return { data: presentAdminUser(row), invitationSent: true };
  };

  const list = async (query: ListQuery): Promise<AdminUserList> => {
    const { rows, ...counted } = await listAdmins(db, query);
    return {
      users: rows.map(presentAdminUser),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
    };
  };

  /**
   * Enable or disable. Nobody disables themselves, and the last active super admin stays. Disabling
   * revokes every session of that admin in the same transaction and, after the commit, tells
   * their sockets and disconnects them.
   */
  const setStatus = async (input: AdminStatusData, auth: AuthContext): Promise<AdminUser> => {
    if (input.id === auth.admin.id) throw new Forbidden(M.ownStatus);
    const target = await loadManageable(input.id, auth);
    await transaction(db, async (tx) => {
      if (!input.isActive) {
        if (target.userType.isSuperAdmin) await keepOneSuperAdmin(tx, input.id);
        await revokeAdminSessions(tx, input.id, DISABLED_REASON, now());
      }
      const updated = await updateAdmin(tx, input.id, { isActive: input.isActive });
      if (!updated) throw notFound();
    });
    if (!input.isActive) realtime.revokeAdmins([input.id], DISABLED_REASON);
    return presentAdminUser(await load(input.id));
  };

  /**
   * Name, e-mail, phone and user type. E-mail unique (409). Nobody changes their own type; a new
   * type must be active and within the caller's ceiling; the last active super admin keeps theirs.
   * A changed e-mail voids open set-password links (they went to the old address).
   */
  const update = async (input: UpdateAdminData, auth: AuthContext): Promise<AdminUser> => {
    const target = await loadManageable(input.id, auth);
    const typeChanged = input.userTypeId !== target.admin.userTypeId;
    if (typeChanged && input.id === auth.admin.id) throw new Forbidden(M.ownUserTypeChange);
    const emailChanged = input.email.toLowerCase() !== target.admin.email.toLowerCase();
    try {
      await transaction(db, async (tx) => {
        if (typeChanged) {
          const userType = await assignableType(tx, input.userTypeId, auth);
          if (target.userType.isSuperAdmin && !userType.isSuperAdmin && target.admin.isActive) {
            await keepOneSuperAdmin(tx, input.id);
          }
        }
        const updated = await updateAdmin(tx, input.id, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          userTypeId: input.userTypeId,
        });
        if (!updated) throw notFound();
        if (emailChanged) await voidLinkTokens(tx, input.id, now());
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(M.emailTaken);
      throw err;
    }
    if (typeChanged) realtime.emitToAdmins([input.id], SOCKET_EVENTS.permissionsChanged, {});
    return presentAdminUser(await load(input.id));
  };

  /** The admin user info screen: the admin, their login activity and their actions, each paged. */
  const details = async (query: AdminByIdQuery, auth: AuthContext): Promise<AdminUserDetails> => {
    const row = await load(query.id);
    const [loginActivity, activities] = await Promise.all([
      loginActivityPage(
        db,
        row.admin.id,
        { page: query.loginPage, limit: query.loginLimit },
        { now: now(), currentSessionId: auth.session.id },
      ),
      activity.page({ adminId: row.admin.id, page: query.adminPage, limit: query.adminLimit }),
    ]);
    return { admin: presentAdminUser(row), loginActivity, activities };
  };

  return { add, resendInvitation, list, setStatus, update, details };
};

export type AdminService = ReturnType<typeof createAdminService>;
