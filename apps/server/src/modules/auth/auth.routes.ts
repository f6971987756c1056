import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  AUTH_TOKEN_KEY,
  envelopeSchema,
  loginAnswerSchema,
  loginRequestSchema,
  loginResponseSchema,
  profileSchema,
  recordSchema,
  requestSchema,
  validateLoginTokenRequestSchema,
} from '@safarnama/contract';
import { z } from 'zod';
import { requireAuth } from '../../http/access.js';
import { ok, okRecord } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import { AUTH_MESSAGES, type AuthService, type SessionResult } from '../identity/auth.service.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../identity/device-cookies.js';
import { presentProfile } from '../identity/identity.present.js';
import { AUTH_AUDIT } from './auth.audit.js';

/** The device cookie goes only to the sign-in calls (login and its second step live here). */
const AUTH_COOKIE_PATH = API_PATHS.auth.login.slice(0, API_PATHS.auth.login.lastIndexOf('/'));

export interface AuthRoutesDeps {
  auth: AuthService;
  /** Secure flag of the session cookie (PUBLIC_URL is https). */
  secureCookies: boolean;
}

export const authRoutes =
  ({ auth, secureCookies }: AuthRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure: secureCookies,
    } as const;

    /** A new session's answer: the cookie for remember-me sessions, the token otherwise. */
    const answerSession = (reply: FastifyReply, result: SessionResult) => {
      if (result.tokenType === 'Cookie') {
        reply.setCookie(AUTH_TOKEN_KEY, result.rawToken, {
          ...cookieOptions,
          maxAge: result.maxAgeSeconds,
        });
      }
      // This browser has signed in: its own sign-in allowance from now on.
      reply.setCookie(DEVICE_COOKIE, result.deviceCookie, {
        ...cookieOptions,
        path: AUTH_COOKIE_PATH,
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
      return ok({ token: result.token, tokenType: result.tokenType }, AUTH_MESSAGES.loginSuccess);
    };

    r.post(
      API_PATHS.auth.login,
      {
        config: { access: 'public', audit: AUTH_AUDIT.login },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with e-mail and password',
          description:
            'rememberMe → tokenType Cookie: the server sets the HttpOnly authToken cookie and the body token is null. Otherwise tokenType Session with the token in the body (send it as `Authorization: Bearer`). With two-factor on, a correct password answers `{twoFactorRequired: true, loginToken}` instead; send it with a code to validate-login-token. Every sign-in also sets the HttpOnly `sn_device` cookie (path /api/v1/admin/auth, a year): from that browser, failed attempts count against its own allowance (5 in 15 minutes) instead of the account allowance, so others cannot lock the admin out of it.',
          body: requestSchema(loginRequestSchema),
          response: { 200: envelopeSchema(loginAnswerSchema), ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const result = await auth.login(request.body.data, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          deviceCookie: request.cookies[DEVICE_COOKIE],
        });
        if (result.kind === 'challenge') {
          return ok(
            { twoFactorRequired: true as const, loginToken: result.loginToken },
            ACCOUNT_MESSAGES.twoFactorRequired,
          );
        }
        return answerSession(reply, result);
      },
    );

    r.post(
      API_PATHS.auth.validateLoginToken,
      {
        config: { access: 'public', audit: AUTH_AUDIT.validateLoginToken },
        schema: {
          tags: ['auth'],
          summary: 'Second sign-in step: the loginToken of the login answer plus a code',
          description:
            'otp: the 6-digit code of the authenticator app (± 30 s, each code once) or an unused recovery code (xxxxx-xxxxx). A wrong code answers 400 at `otp`; the fifth wrong code ends the sign-in (400, sign in again); ten codes in 15 minutes answer 429. The challenge lives 5 minutes. Answers like login.',
          body: requestSchema(validateLoginTokenRequestSchema),
          response: { 200: envelopeSchema(loginResponseSchema), ...errorResponses(400, 429) },
        },
      },
      async (request, reply) =>
        answerSession(
          reply,
          await auth.validateLoginToken(request.body.data, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            deviceCookie: request.cookies[DEVICE_COOKIE],
          }),
        ),
    );

    r.post(
      API_PATHS.auth.logout,
      {
        config: { access: 'self', audit: AUTH_AUDIT.logout },
        schema: {
          tags: ['auth'],
          summary: 'Sign out: revoke the current session and clear the cookie',
          response: { 200: envelopeSchema(z.null()), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        await auth.logout(requireAuth(request));
        reply.clearCookie(AUTH_TOKEN_KEY, cookieOptions);
        return ok(null, AUTH_MESSAGES.logoutSuccess);
      },
    );

    r.get(
      API_PATHS.auth.profile,
      {
        config: { access: 'self' },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in admin, with their effective permissions',
          response: { 200: envelopeSchema(recordSchema(profileSchema)), ...errorResponses(401) },
        },
      },
      async (request) => okRecord(presentProfile(requireAuth(request)), AUTH_MESSAGES.profile),
    );
  };
