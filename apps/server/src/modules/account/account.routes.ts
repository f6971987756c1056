import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES as M,
  API_PATHS,
  changePasswordRequestSchema,
  disableTwoFactorRequestSchema,
  envelopeSchema,
  forgotPasswordRequestSchema,
  forgotSetPasswordRequestSchema,
  listQuerySchema,
  loginActivityListSchema,
  logoutOthersResponseSchema,
  profileSchema,
  recoveryCodesSchema,
  recordSchema,
  requestSchema,
  twoFactorSecretSchema,
  updateProfileFieldsSchema,
  validateLinkTokenRequestSchema,
  validateLinkTokenResponseSchema,
  verifyTwoFactorRequestSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok, okRecord } from '../../http/envelope.js';
import { docFile, multipartDoc } from '../../http/form-fields.js';
import { formReader, multipartValidatorCompiler, registerMultipart } from '../../http/multipart.js';
import { errorResponses } from '../../http/schemas.js';
import { AVATAR_FIELD, type AccountService } from './account.service.js';
import { ACCOUNT_AUDIT } from './account.audit.js';

const P = API_PATHS.auth;
const tags = ['account'];

/** `get-login-activity` takes page and limit only (spec §7). */
const pageQuerySchema = listQuerySchema.pick({ page: true, limit: true });

export interface AccountRoutesDeps {
  account: AccountService;
}

/**
 * Account security (issue 7) under /api/v1/admin/auth: set-password links (public), and the
 * signed-in admin's own profile, password, sessions and two-factor setup ('self').
 */
export const accountRoutes =
  ({ account }: AccountRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // ── set-password links (before sign-in) ─────────────────────────────────────────────────
    r.post(
      P.forgotPassword,
      {
        config: { access: 'public', audit: ACCOUNT_AUDIT.forgotPassword },
        schema: {
          tags,
          summary: 'Send a set-password link to an account (same answer for any address)',
          description:
            'A real, active account gets an e-mail with `PUBLIC_URL/set-password?token=…`, valid 30 minutes and once; a newer request voids the older link. The answer never tells whether the account exists. Past 3 requests per account or 10 per IP an hour the answer is the same and no mail is sent.',
          body: requestSchema(forgotPasswordRequestSchema),
          response: { 200: envelopeSchema(z.null()), ...errorResponses(400) },
        },
      },
      async (request) => {
        await account.forgotPassword(request.body.data.email, request.ip);
        return ok(null, M.forgotPassword);
      },
    );

    r.post(
      P.validateForgotPasswordToken,
      {
        config: { access: 'public', audit: ACCOUNT_AUDIT.validateForgotPasswordToken },
        schema: {
          tags,
          summary: 'Check a set-password link (reset or invitation): 200 valid, 400 otherwise',
          body: requestSchema(validateLinkTokenRequestSchema),
          response: {
            200: envelopeSchema(validateLinkTokenResponseSchema),
            ...errorResponses(400),
          },
        },
      },
      async (request) => ok(await account.validateLink(request.body.data.token), M.linkValid),
    );

    r.post(
      P.forgotSetPassword,
      {
        config: { access: 'public', audit: ACCOUNT_AUDIT.forgotSetPassword },
        schema: {
          tags,
          summary: 'Set the password from a reset or invitation link',
          description:
            'Uses the link up, voids the other links, signs every session of the account out (sockets too) and signs nobody in. Two-factor authentication stays as it was.',
          body: requestSchema(forgotSetPasswordRequestSchema),
          response: { 200: envelopeSchema(z.null()), ...errorResponses(400) },
        },
      },
      async (request) => {
        await account.setPasswordFromLink(request.body.data);
        return ok(null, M.passwordSet);
      },
    );

    // ── profile and password ────────────────────────────────────────────────────────────────
    await app.register(async (scope) => {
      await registerMultipart(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(
        P.updateProfile,
        {
          config: { access: 'self', audit: ACCOUNT_AUDIT.updateProfile },
          validatorCompiler: multipartValidatorCompiler,
          schema: {
            tags,
            summary: 'Update my profile (multipart: name, phone, email, currentPassword, avatar)',
            description:
              'Changing `email` needs `currentPassword`. `avatar` is an image (jpeg, png, gif, webp; ≤ 10 MB) that replaces the old one; `removeAvatar` "true" clears it.',
            consumes: ['multipart/form-data'],
            body: multipartDoc(updateProfileFieldsSchema, ['name'], {
              [AVATAR_FIELD]: docFile('Optional avatar image'),
            }),
            response: {
              200: envelopeSchema(recordSchema(profileSchema)),
              ...errorResponses(400, 401, 403, 409, 413, 415, 429),
            },
          },
        },
        async (request) =>
          okRecord(
            await account.updateProfile(requireAuth(request), formReader(request), request.log),
            M.profileUpdated,
          ),
      );
    });

    r.post(
      P.changePassword,
      {
        config: { access: 'self', audit: ACCOUNT_AUDIT.changePassword },
        schema: {
          tags,
          summary: 'Change my password (other sessions are signed out, this one stays)',
          body: requestSchema(changePasswordRequestSchema),
          response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => {
        await account.changePassword(requireAuth(request), request.body.data);
        return ok(null, M.passwordChanged);
      },
    );

    // ── sessions ────────────────────────────────────────────────────────────────────────────
    r.get(
      P.loginActivity,
      {
        config: { access: 'self' },
        schema: {
          tags,
          summary: 'My sign-in attempts, newest first, with their sessions (page, limit)',
          querystring: pageQuerySchema,
          response: { 200: envelopeSchema(loginActivityListSchema), ...errorResponses(400, 401) },
        },
      },
      async (request) =>
        ok(await account.loginActivity(requireAuth(request), request.query), M.loginActivity),
    );

    r.post(
      P.logoutOthers,
      {
        config: { access: 'self', audit: ACCOUNT_AUDIT.logoutOthers },
        schema: {
          tags,
          summary: 'Sign out of every other device (their sockets are disconnected)',
          response: {
            200: envelopeSchema(logoutOthersResponseSchema),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request) => ok(await account.logoutOthers(requireAuth(request)), M.loggedOutOthers),
    );

    // ── two-factor ──────────────────────────────────────────────────────────────────────────
    r.post(
      P.generateTwoFactorSecret,
      {
        config: { access: 'self', audit: ACCOUNT_AUDIT.generateTwoFactorSecret },
        schema: {
          tags,
          summary: 'Start enabling two-factor: a new secret, its otpauth URL and QR code',
          response: {
            200: envelopeSchema(twoFactorSecretSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) =>
        ok(await account.generateTwoFactorSecret(requireAuth(request)), M.twoFactorSecret),
    );

    r.post(
      P.verifyTwoFactor,
      {
        config: { access: 'self', audit: ACCOUNT_AUDIT.verifyTwoFactor },
        schema: {
          tags,
          summary: 'Turn two-factor on with a code of the new secret; answers ten recovery codes',
          body: requestSchema(verifyTwoFactorRequestSchema),
          response: {
            200: envelopeSchema(recoveryCodesSchema),
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async (request) =>
        ok(
          await account.enableTwoFactor(requireAuth(request), request.body.data.otp),
          M.twoFactorEnabled,
        ),
    );

    r.post(
      P.disableTwoFactor,
      {
        config: { access: 'self', audit: ACCOUNT_AUDIT.disableTwoFactor },
        schema: {
          tags,
          summary: 'Turn two-factor off with a current code, a recovery code or the password',
          body: requestSchema(disableTwoFactorRequestSchema),
          response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => {
        await account.disableTwoFactor(requireAuth(request), request.body.data);
        return ok(null, M.twoFactorDisabled);
      },
    );
  };
