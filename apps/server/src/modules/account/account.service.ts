import {
  ACCOUNT_MESSAGES,
  updateProfileFieldsSchema,
  type ChangePasswordRequest,
  type DisableTwoFactorRequest,
  type ForgotSetPasswordRequest,
  type LoginActivityList,
  type Profile,
  type RecoveryCodes,
  type TwoFactorSecret,
  type ValidateLinkTokenResponse,
} from '@safarnama/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { noteActor, transaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AuthContext } from '../../http/access.js';
import { BadRequest, Conflict, RateLimited, ValidationError } from '../../http/errors.js';
import { fieldNames, parseFields } from '../../http/form-fields.js';
import type { FormReader } from '../../http/multipart.js';
import type { PasswordHasher } from '../../lib/password.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { deleteFiles, withStoredFiles } from '../../media/files.js';
import { receiveImageForm } from '../../media/form-images.js';
import { deleteImagesOf, replaceSingleImage } from '../../media/images.repo.js';
import { imageFileKeys, type ImagePipeline, type StoredImage } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';
import type { Mailer } from '../../messaging/mail.js';
import { passwordResetMail } from '../../messaging/templates.js';
import type { Realtime } from '../../realtime/hub.js';
import { AUTH_MESSAGES, type ServiceLog } from '../identity/auth.service.js';
import { removeInitialAdminFileFor } from '../identity/initial-admin-file.js';
import {
  deleteRecoveryCodes,
  endLoginChallenges,
  findAdminWithTypeByEmail,
  lockAdmin,
  replaceRecoveryCodes,
  updateAdmin,
  type AdminRow,
} from '../identity/identity.repo.js';
import { presentProfile } from '../identity/identity.present.js';
import {
  consumeLinkToken,
  findOpenLinkToken,
  issueLinkToken,
  setPasswordUrl,
  voidLinkTokens,
} from '../identity/link-tokens.js';
import { loginActivityPage } from '../identity/login-activity.js';
import { countOpenSessions, revokeAdminSessions } from '../identity/sessions.repo.js';
import {
  CODE_THROTTLE,
  FORGOT_THROTTLE,
  PASSWORD_CHECK_THROTTLE,
  accountKey,
  clearAttempts,
  codeKey,
  forgotAccountKey,
  forgotIpKey,
  passwordCheckKey,
  reserveAttempt,
  type Reservation,
} from '../identity/throttles.js';
import {
  checkSecondFactor,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
} from '../identity/two-factor.js';
import type {
  NotificationInput,
  NotificationService,
} from '../notifications/notifications.service.js';
import { assertNotPersonal } from './password-rules.js';

/** The multipart file field of `update-profile-details`. */
export const AVATAR_FIELD = 'avatar';

/** Why sessions were revoked, as the `session-revoked` socket event tells the client. */
export const REVOKE_REASONS = {
  passwordReset: 'password-reset',
  passwordChanged: 'password-changed',
  logoutOthers: 'logout-others',
} as const;

export interface AccountServiceDeps {
  db: Database;
  hasher: PasswordHasher;
  now: () => Date;
  mailer: Mailer;
  realtime: Realtime;
  notifications: NotificationService;
  storage: StorageDriver;
  pipeline: ImagePipeline;
  /** Seals the TOTP secrets (purpose 'totp'). */
  totpBox: SecretBox;
  /** PUBLIC_URL: links in mail are built from it, never from the Host header. */
  publicUrl: string;
  /** The Basic Settings' product name, for the reset mail (default 'Safarnama'). */
  productName?: () => Promise<string>;
  log: ServiceLog;
  /** DATA_DIR/initial-admin.txt: deleted when the admin it names changes the password. */
  initialAdminFile?: string | undefined;
}

/** The URL an avatar is shown from: its smallest WebP variant (320 px at most), else the original. */
const avatarUrlOf = (storage: StorageDriver, image: StoredImage) =>
  storage.publicUrl(image.variants[0]?.key ?? image.fileKey);

export const createAccountService = (deps: AccountServiceDeps) => {
  const { db, hasher, now, mailer, realtime, notifications, storage, pipeline, totpBox, log } =
    deps;

  // Work that runs after the answer has gone (the reset mail): tracked so shutdown can wait.
  const running = new Set<Promise<void>>();
  const inBackground = (what: string, work: () => Promise<void>) => {
    const task: Promise<void> = work()
      .catch((err: unknown) => log.error({ err }, what))
      .finally(() => running.delete(task));
    running.add(task);
  };
  /** Resolves once every background task has finished (tests, graceful shutdown). */
  const settle = async () => {
    while (running.size > 0) await Promise.all([...running]);
  };

  const notifySafely = async (adminId: string, input: NotificationInput) => {
    try {
      await notifications.notify([adminId], input);
    } catch (err) {
      log.error({ err, adminId }, 'could not create a notification');
    }
  };

  const reserveOrThrow = async (
    key: string,
    limit: number,
    windowSeconds: number,
    message: (seconds: number) => string,
  ): Promise<Reservation> => {
    const reservation = await reserveAttempt(db, key, limit, windowSeconds);
    if (reservation.attempts > limit) {
      throw new RateLimited(message(reservation.retryAfterSeconds), reservation.retryAfterSeconds);
    }
    return reservation;
  };

  /**
   * Checks the signed-in admin's current password (5 tries per 15 minutes, so a stolen session
   * cannot guess it); a wrong one is a 400 at `field`.
   */
  const checkCurrentPassword = async (admin: AdminRow, password: string, field: string) => {
    const key = passwordCheckKey(admin.id);
    const { limit, windowSeconds } = PASSWORD_CHECK_THROTTLE;
    await reserveOrThrow(key, limit, windowSeconds, AUTH_MESSAGES.tooManyAttempts);
    const valid = admin.passwordHash ? await hasher.verify(admin.passwordHash, password) : false;
    if (!valid) {
      throw new ValidationError(
        [{ path: field, message: ACCOUNT_MESSAGES.currentPasswordWrong }],
        ACCOUNT_MESSAGES.currentPasswordWrong,
      );
    }
    await clearAttempts(db, key);
  };

  /** Reserves one 2FA code check of an admin (10 per 15 minutes over every route). */
  const reserveCodeCheck = (adminId: string) =>
    reserveOrThrow(
      codeKey(adminId),
      CODE_THROTTLE.limit,
      CODE_THROTTLE.windowSeconds,
      () => ACCOUNT_MESSAGES.tooManyCodes,
    );

  const wrongCode = (reused = false) => {
    const message = reused ? ACCOUNT_MESSAGES.codeAlreadyUsed : ACCOUNT_MESSAGES.invalidCode;
    return new ValidationError([{ path: 'otp', message }], message);
  };

  // ── set-password links ──────────────────────────────────────────────────────────────────────

  /**
   * Always answers the same way, as fast for an unknown e-mail as for a real one: the link and
   * the mail are made after the answer has gone. Past the per-account or per-IP limit nothing is
   * sent. A send failure is logged, never shown.
   */
  const forgotPassword = async (email: string, ip: string): Promise<void> => {
    const { windowSeconds, accountLimit, ipLimit } = FORGOT_THROTTLE;
    const account = await reserveAttempt(db, forgotAccountKey(email), accountLimit, windowSeconds);
    const address = await reserveAttempt(db, forgotIpKey(ip), ipLimit, windowSeconds);
    if (account.attempts > accountLimit || address.attempts > ipLimit) {
      log.warn({ ip }, 'forgot-password limit reached: no mail sent');
      return;
    }
    const found = await findAdminWithTypeByEmail(db, email);
    if (!found || !found.admin.isActive) return;
    const { admin } = found;
    inBackground('could not send the password reset mail', async () => {
      const { token } = await issueLinkToken(db, admin.id, 'reset', now());
      const link = setPasswordUrl(deps.publicUrl, token);
      const productName = await deps.productName?.();
      await mailer.send(
        passwordResetMail({ email: admin.email, name: admin.name }, link, productName),
      );
    });
  };

  const validateLink = async (token: string): Promise<ValidateLinkTokenResponse> => {
    const found = await findOpenLinkToken(db, token, now());
    if (!found) throw new BadRequest(ACCOUNT_MESSAGES.linkInvalid);
    return { purpose: found.link.purpose, email: found.admin.email };
  };

  /**
   * Sets the password from a reset or invitation link: the link is used up, every other link of
   * the admin dies, every session ends (their sockets are disconnected) and nobody is signed in.
   * Two-factor stays on: the next sign-in still asks for a code.
   */
  const setPasswordFromLink = async ({
    token,
    password,
  }: ForgotSetPasswordRequest): Promise<void> => {
    const found = await findOpenLinkToken(db, token, now());
    if (!found) throw new BadRequest(ACCOUNT_MESSAGES.linkInvalid);
    const { admin, link } = found;
    assertNotPersonal(password, admin, 'password');
    const passwordHash = await hasher.hash(password);
    const at = now();
    const revoked = await transaction(db, async (tx) => {
      if (!(await consumeLinkToken(tx, link.id, at))) {
        throw new BadRequest(ACCOUNT_MESSAGES.linkInvalid);
      }
      // The link proved who is acting: the audit entry (a public route) names them.
      noteActor(admin);
      await updateAdmin(tx, admin.id, { passwordHash, passwordChangedAt: at }, at);
      await voidLinkTokens(tx, admin.id, at);
      await endLoginChallenges(tx, admin.id, at);
      // The rightful owner proved their mailbox: a lock someone caused by guessing is lifted.
      await clearAttempts(tx, accountKey(admin.email));
      return revokeAdminSessions(tx, admin.id, REVOKE_REASONS.passwordReset, at);
    });
    realtime.revokeSessions(revoked, REVOKE_REASONS.passwordReset);
    await removeInitialAdminFileFor(deps.initialAdminFile, admin.email, log);
    if (link.purpose === 'reset') {
      await notifySafely(admin.id, {
        type: 'security',
        title: 'Password reset',
        message:
          'Your password was reset with a link sent to your e-mail, and every session was signed out. If this was not you, contact a super admin at once.',
        link: '/profile-details',
      });
    }
  };

  // ── profile and password ────────────────────────────────────────────────────────────────────

  /**
   * Name and phone (and e-mail, which needs the current password) plus an optional avatar image
   * through the media pipeline; the old avatar's files are deleted after the commit. An e-mail
   * change also voids the admin's open set-password links.
   */
  const updateProfile = async (
    auth: AuthContext,
    read: FormReader,
    requestLog?: FastifyBaseLogger,
  ): Promise<Profile> => {
    const current = auth.admin;
    const { admin, obsolete } = await withStoredFiles(
      storage,
      async (batch) => {
        const { form, files } = await receiveImageForm(
          read,
          {
            text: fieldNames(updateProfileFieldsSchema),
            indexed: [],
            files: [AVATAR_FIELD],
            maxFiles: { [AVATAR_FIELD]: 1 },
          },
          pipeline,
          batch,
        );
        const fields = parseFields(updateProfileFieldsSchema, form.text);
        const avatar = files[AVATAR_FIELD]?.[0];
        const emailChanges =
          fields.email !== undefined && fields.email.toLowerCase() !== current.email.toLowerCase();
        if (emailChanges) {
          if (!fields.currentPassword) {
            throw new ValidationError(
              [{ path: 'currentPassword', message: ACCOUNT_MESSAGES.emailNeedsPassword }],
              ACCOUNT_MESSAGES.emailNeedsPassword,
            );
          }
          await checkCurrentPassword(current, fields.currentPassword, 'currentPassword');
        }
        const at = now();
        try {
          return await transaction(db, async (tx) => {
            let obsolete: string[] = [];
            let avatarUrl: string | null | undefined;
            if (avatar) {
              const old = await replaceSingleImage(tx, 'admin-avatar', current.id, avatar);
              obsolete = old.flatMap(imageFileKeys);
              avatarUrl = avatarUrlOf(storage, avatar);
            } else if (fields.removeAvatar) {
              const old = await deleteImagesOf(tx, 'admin-avatar', current.id);
              obsolete = old.flatMap(imageFileKeys);
              avatarUrl = null;
            }
            if (emailChanges) await voidLinkTokens(tx, current.id, at);
            const row = await updateAdmin(
              tx,
              current.id,
              {
                name: fields.name,
                phone: fields.phone,
                ...(fields.email !== undefined ? { email: fields.email } : {}),
                ...(avatarUrl !== undefined ? { avatarUrl } : {}),
              },
              at,
            );
            return { admin: row, obsolete };
          });
        } catch (err) {
          if (isUniqueViolation(err, 'admin_users_email_lower_key')) {
            throw new Conflict(ACCOUNT_MESSAGES.emailTaken);
          }
          throw err;
        }
      },
      requestLog,
    );
    await deleteFiles(storage, obsolete, requestLog);
    return presentProfile({
      admin,
      userType: auth.userType,
      permissions: auth.permissions,
      session: auth.session,
    });
  };

  /**
   * Needs the current password; the new one must follow the policy and differ from it. Every
   * other session ends (sockets disconnected), the current one stays, open links die.
   */
  const changePassword = async (
    auth: AuthContext,
    { currentPassword, newPassword }: ChangePasswordRequest,
  ): Promise<void> => {
    const { admin } = auth;
    await checkCurrentPassword(admin, currentPassword, 'currentPassword');
    assertNotPersonal(newPassword, admin, 'newPassword');
    if (admin.passwordHash && (await hasher.verify(admin.passwordHash, newPassword))) {
      throw new ValidationError(
        [{ path: 'newPassword', message: ACCOUNT_MESSAGES.passwordSameAsOld }],
        ACCOUNT_MESSAGES.passwordSameAsOld,
      );
    }
    const passwordHash = await hasher.hash(newPassword);
    const at = now();
    const revoked = await transaction(db, async (tx) => {
      await updateAdmin(tx, admin.id, { passwordHash, passwordChangedAt: at }, at);
      await voidLinkTokens(tx, admin.id, at);
      await endLoginChallenges(tx, admin.id, at);
      return revokeAdminSessions(tx, admin.id, REVOKE_REASONS.passwordChanged, at, auth.session.id);
    });
    realtime.revokeSessions(revoked, REVOKE_REASONS.passwordChanged);
    await removeInitialAdminFileFor(deps.initialAdminFile, admin.email, log);
    await notifySafely(admin.id, {
      type: 'security',
      title: 'Password changed',
      message:
        'Your password was changed and your other sessions were signed out. If this was not you, reset your password at once.',
      link: '/login-activity',
      causedBySessionId: auth.session.id,
    });
  };

  // ── sessions ────────────────────────────────────────────────────────────────────────────────

  /** My sign-in attempts (the shared login-activity page) and how many sessions are open. */
  const loginActivity = async (
    auth: AuthContext,
    query: { page: number; limit: number },
  ): Promise<LoginActivityList> => {
    const at = now();
    const page = await loginActivityPage(db, auth.admin.id, query, {
      now: at,
      currentSessionId: auth.session.id,
    });
    return { ...page, activeSessions: await countOpenSessions(db, auth.admin.id, at) };
  };

  /** Ends every session of the caller but the current one; their sockets close at once. */
  const logoutOthers = async (auth: AuthContext): Promise<{ revoked: number }> => {
    const revoked = await transaction(db, (tx) =>
      revokeAdminSessions(tx, auth.admin.id, REVOKE_REASONS.logoutOthers, now(), auth.session.id),
    );
    realtime.revokeSessions(revoked, REVOKE_REASONS.logoutOthers);
    return { revoked: revoked.length };
  };

  // ── two-factor ──────────────────────────────────────────────────────────────────────────────

  /** A new pending secret (sealed at rest); 2FA turns on only once a code from it is verified. */
  const generateTwoFactorSecret = async (auth: AuthContext): Promise<TwoFactorSecret> => {
    const { admin } = auth;
    if (admin.twoFactorEnabled) throw new BadRequest(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
    const created = await newTotpSecret(admin.email);
    await transaction(db, (tx) =>
      updateAdmin(tx, admin.id, { totpPendingSecretEnc: totpBox.seal(created.secret) }, now()),
    );
    return created;
  };

  /** Turns 2FA on with a code of the pending secret; answers ten recovery codes, shown once. */
  const enableTwoFactor = async (auth: AuthContext, otp: string): Promise<RecoveryCodes> => {
    const { admin } = auth;
    if (admin.twoFactorEnabled) throw new BadRequest(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
    const pending = openSecret(totpBox, admin.totpPendingSecretEnc);
    if (!pending || !admin.totpPendingSecretEnc) {
      throw new BadRequest(ACCOUNT_MESSAGES.twoFactorNotStarted);
    }
    await reserveCodeCheck(admin.id);
    const at = now();
    const step = matchTotp(pending, otp, at);
    if (step === null) throw wrongCode();
    const recoveryCodes = newRecoveryCodes();
    const sealed = admin.totpPendingSecretEnc;
    await transaction(db, async (tx) => {
      const locked = await lockAdmin(tx, admin.id);
      if (!locked || locked.twoFactorEnabled) {
        throw new BadRequest(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
      }
      if (locked.totpPendingSecretEnc !== sealed) {
        throw new BadRequest(ACCOUNT_MESSAGES.twoFactorNotStarted);
      }
      await updateAdmin(
        tx,
        admin.id,
        {
          twoFactorEnabled: true,
          totpSecretEnc: sealed,
          totpPendingSecretEnc: null,
          totpLastStep: step,
        },
        at,
      );
      await replaceRecoveryCodes(tx, admin.id, recoveryCodes.map(hashRecoveryCode), at);
      await clearAttempts(tx, codeKey(admin.id));
    });
    await notifySafely(admin.id, {
      type: 'security',
      title: 'Two-factor authentication turned on',
      message:
        'Signing in now needs a code from your authenticator app (or a recovery code) after your password.',
      link: '/authenticator',
      causedBySessionId: auth.session.id,
    });
    return { recoveryCodes };
  };

  /** Turns 2FA off with a current code, a recovery code or the password. */
  const disableTwoFactor = async (
    auth: AuthContext,
    proof: DisableTwoFactorRequest,
  ): Promise<void> => {
    const { admin } = auth;
    if (!admin.twoFactorEnabled) throw new BadRequest(ACCOUNT_MESSAGES.twoFactorNotOn);
    if ('password' in proof) {
      await checkCurrentPassword(admin, proof.password, 'password');
    } else {
      await reserveCodeCheck(admin.id);
    }
    const at = now();
    // A refusal changes nothing (a wrong code spends nothing): it is thrown, and the transaction
    // and its audit entry roll back.
    await transaction(db, async (tx) => {
      const locked = await lockAdmin(tx, admin.id);
      if (!locked?.twoFactorEnabled) throw new BadRequest(ACCOUNT_MESSAGES.twoFactorNotOn);
      if ('otp' in proof) {
        const check = await checkSecondFactor(tx, locked, proof.otp, totpBox, at);
        if (!check.ok) throw wrongCode(check.reused);
      }
      await updateAdmin(
        tx,
        admin.id,
        {
          twoFactorEnabled: false,
          totpSecretEnc: null,
          totpPendingSecretEnc: null,
          totpLastStep: null,
        },
        at,
      );
      await deleteRecoveryCodes(tx, admin.id);
      await endLoginChallenges(tx, admin.id, at);
      await clearAttempts(tx, codeKey(admin.id));
    });
    await notifySafely(admin.id, {
      type: 'security',
      title: 'Two-factor authentication turned off',
      message:
        'Signing in needs only your password now. If this was not you, change your password and turn two-factor authentication on again.',
      link: '/authenticator',
      causedBySessionId: auth.session.id,
    });
  };

  return {
    forgotPassword,
    validateLink,
    setPasswordFromLink,
    updateProfile,
    changePassword,
    loginActivity,
    logoutOthers,
    generateTwoFactorSecret,
    enableTwoFactor,
    disableTwoFactor,
    settle,
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
