import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS } from '@safarnama/contract';
import type { Database, Executor } from '../db/client.js';
import {
  adminUsers,
  allowedIps,
  appSettings,
  communicationSettings,
  countries,
  homepageBlogs,
  homepageDestinations,
  homepagePackages,
  homepageSettings,
  imageLibraries,
  images,
  itineraries,
  loginChallenges,
  passwordTokens,
  placeBlogs,
  placeDetails,
  places,
  scheduledNotifications,
  states,
  userTypes,
} from '../db/schema/index.js';
import { hashToken } from '../lib/tokens.js';
import { recordActivity } from '../modules/activity/activity.repo.js';
import { routeAccess, type RouteRecord } from './access.js';

/**
 * The audit hook (DESIGN §4, SECURITY case 19). Every state-changing route (POST, PUT, PATCH,
 * DELETE) has an entry in {@link AUDIT_RULES}, keyed by method and route URL; the route-table test
 * fails for one without. After a successful (2xx) answer, and before it is sent, one row goes to
 * `admin_activities`: who (the signed-in admin, or for the public sign-in routes the admin the
 * request proved to be), the action, entity type and id, a summary line, the changes (the request
 * fields for a create; a before/after diff where the rule has a loader; secrets masked), the client
 * IP as Fastify computes it (socket address, `X-Forwarded-For` only for TRUST_PROXY hops) and the
 * user agent. The entry is written right after the change, not in its transaction: see
 * ARCHITECTURE.md ("Audit log").
 */

type Json = Record<string, unknown>;

/** Loads an entity's state for the diff; undefined when there is none (yet, or any more). */
export type EntityLoader = (db: Executor, id: string) => Promise<Json | undefined>;

export interface Actor {
  id: string;
  name: string;
  email: string;
}

/** What a rule may read to find the entity id, the actor or whether to record. */
export interface AuditContext {
  request: FastifyRequest;
  params: Json;
  /** The JSON body's `data`, or the multipart text fields. */
  payload: Json;
  /** The answer's record (`data.data`, else `data`). */
  record: Json;
  /** The answer's `data`. */
  data: Json;
}

export interface AuditRule {
  action: string;
  entityType: string;
  /** A before/after diff through this loader (updates, deletes); creates record their fields. */
  load?: EntityLoader;
  /** What to record as changes when there is no diff (default: the request fields). */
  changes?: 'payload' | 'none';
  /** The entity id when the default (params, body/form `id`/`_id`, the answer's `_id`) is wrong. */
  id?: (ctx: Omit<AuditContext, 'record' | 'data'> & Partial<AuditContext>) => unknown;
  /** Public routes: who acted (the guard knows nobody). */
  actor?: (db: Executor, ctx: AuditContext) => Promise<Actor | undefined>;
  /** Record only when this holds (a sign-in that finished, not its 2FA step). */
  when?: (ctx: AuditContext) => boolean;
  /** A fixed summary line (self-service actions); default "<Verb> <entity> '<name>'". */
  summary?: string;
}

/** A state-changing route that writes no entry, and why. */
export interface AuditExemption {
  exempt: string;
}

// ── loaders ──────────────────────────────────────────────────────────────────────────────────────

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A select by id from the entity's table, with the ids of its images when it has any. */
const byId =
  (table: PgTable & { id: AnyPgColumn }, withImages = false): EntityLoader =>
  async (db, id) => {
    if (!UUID.test(id)) return undefined;
    const [row] = (await db
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id) as SQL)
      .limit(1)) as Json[];
    if (!row) return undefined;
    if (!withImages) return row;
    const owned = await db
      .select({ _id: images.id, kind: images.ownerType, altText: images.altText })
      .from(images)
      .where(eq(images.ownerId, id))
      .orderBy(asc(images.ownerType), asc(images.sortOrder), asc(images.id));
    return { ...row, images: owned };
  };

/** The homepage selection as one record. */
const homepageLoader: EntityLoader = async (db) => {
  const [settings] = await db.select().from(homepageSettings).limit(1);
  const [destinations, packages, blogs] = await Promise.all([
    db
      .select({ id: homepageDestinations.placeId })
      .from(homepageDestinations)
      .orderBy(asc(homepageDestinations.position)),
    db
      .select({ _id: homepagePackages.itineraryId, displayOrder: homepagePackages.displayOrder })
      .from(homepagePackages)
      .orderBy(asc(homepagePackages.displayOrder)),
    db
      .select({ id: homepageBlogs.blogId })
      .from(homepageBlogs)
      .orderBy(asc(homepageBlogs.position)),
  ]);
  return {
    isActive: settings?.isActive ?? true,
    trendingDestinations: destinations.map((d) => d.id),
    tourPackages: packages,
    blogs: blogs.map((b) => b.id),
  };
};

/** An allowed-IP entry, its address as the list shows it (`ip`, for the summary line). */
const allowedIpLoader: EntityLoader = async (db, id) => {
  const row = await byId(allowedIps)(db, id);
  if (!row) return undefined;
  const cidr = String(row.cidr);
  return { ...row, ip: cidr.endsWith('/32') || cidr.endsWith('/128') ? cidr.split('/')[0] : cidr };
};

/** One channel's settings by type; `secretEnc` is masked like every secret-looking key. */
const channelLoader: EntityLoader = async (db, type) => {
  if (!['email', 'sms', 'whatsapp'].includes(type)) return undefined;
  const [row] = await db
    .select({
      isActive: communicationSettings.isActive,
      settings: communicationSettings.settings,
      secretEnc: communicationSettings.secretEnc,
    })
    .from(communicationSettings)
    .where(eq(communicationSettings.type, type as 'email' | 'sms' | 'whatsapp'))
    .limit(1);
  return row;
};

/** A keyed settings document (basic, policies) as its fields. */
const settingsDocLoader =
  (key: string): EntityLoader =>
  async (db) => {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, key))
      .limit(1);
    return row?.value;
  };

export const ENTITY_LOADERS = {
  'user-type': byId(userTypes),
  'admin-user': byId(adminUsers),
  country: byId(countries, true),
  state: byId(states, true),
  place: byId(places, true),
  'place-details': byId(placeDetails, true),
  blog: byId(placeBlogs, true),
  itinerary: byId(itineraries, true),
  'image-library': byId(imageLibraries, true),
  'homepage-settings': homepageLoader,
  'allowed-ip': allowedIpLoader,
  'communication-settings': channelLoader,
  'basic-settings': settingsDocLoader('basic'),
  'policy-settings': settingsDocLoader('policies'),
  'scheduled-notification': byId(scheduledNotifications, true),
} satisfies Record<string, EntityLoader>;

// ── actors of the public sign-in routes ──────────────────────────────────────────────────────────

const adminActor = async (db: Executor, id: string | undefined): Promise<Actor | undefined> => {
  if (!id) return undefined;
  const [row] = await db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
    .limit(1);
  return row;
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length <= 512 ? value : undefined;

/** A finished sign-in answers `{token, tokenType}` (not the 2FA step's `{twoFactorRequired}`). */
const signedIn = ({ data }: AuditContext) => typeof data.tokenType === 'string';

const actorByEmail: AuditRule['actor'] = async (db, { payload }) => {
  const email = text(payload.email)?.trim().toLowerCase();
  if (!email) return undefined;
  const [row] = await db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, email))
    .limit(1);
  return row;
};

const actorByChallenge: AuditRule['actor'] = async (db, { payload }) => {
  const token = text(payload.loginToken);
  if (!token) return undefined;
  const [row] = await db
    .select({ adminId: loginChallenges.adminId })
    .from(loginChallenges)
    .where(eq(loginChallenges.tokenHash, hashToken(token)))
    .limit(1);
  return adminActor(db, row?.adminId);
};

const actorByLink: AuditRule['actor'] = async (db, { payload }) => {
  const token = text(payload.token);
  if (!token) return undefined;
  const [row] = await db
    .select({ adminId: passwordTokens.adminId })
    .from(passwordTokens)
    .where(eq(passwordTokens.tokenHash, hashToken(token)))
    .limit(1);
  return adminActor(db, row?.adminId);
};

// ── the table ────────────────────────────────────────────────────────────────────────────────────

const A = API_PATHS.auth;
const M = API_PATHS.manage;
const S = API_PATHS.service;
const L = API_PATHS.imageLibraries;
const G = API_PATHS.setting;
const K = API_PATHS.marketing;
/** The route URL of a contract path builder: `:name` where the id goes. */
const param = (build: (id: string) => string, name = 'id') => `${build('')}:${name}`;

const self = (action: string, summary: string, extra: Partial<AuditRule> = {}): AuditRule => ({
  action,
  entityType: 'admin-user',
  id: ({ request }) => request.auth?.admin.id,
  changes: 'none',
  summary,
  ...extra,
});

const E = ENTITY_LOADERS;

/**
 * Every state-changing route, by `METHOD url` as registered. A rule says what the entry records;
 * an exemption says why the route writes none (public routes only).
 */
export const AUDIT_RULES: Record<string, AuditRule | AuditExemption> = {
  // Sign-in and links (public): the admin is known from what the request proved.
  [`POST ${A.login}`]: {
    action: 'login',
    entityType: 'admin-user',
    actor: actorByEmail,
    when: signedIn,
    changes: 'none',
    summary: 'Signed in',
  },
  [`POST ${A.validateLoginToken}`]: {
    action: 'login',
    entityType: 'admin-user',
    actor: actorByChallenge,
    when: signedIn,
    changes: 'none',
    summary: 'Signed in with two-factor authentication',
  },
  [`POST ${A.forgotSetPassword}`]: {
    action: 'password-set',
    entityType: 'admin-user',
    actor: actorByLink,
    changes: 'none',
    summary: 'Set their password from an e-mailed link',
  },
  [`POST ${A.forgotPassword}`]: {
    exempt:
      'anonymous, and answers the same for unknown e-mails (SECURITY case 3): an entry per request would let anyone fill the log; the e-mail is the record',
  },
  [`POST ${A.validateForgotPasswordToken}`]: {
    exempt: 'only checks a link; changes nothing',
  },

  // The admin's own account (self).
  [`POST ${A.logout}`]: self('logout', 'Signed out', {
    entityType: 'session',
    id: ({ request }) => request.auth?.session.id,
  }),
  [`POST ${A.logoutOthers}`]: self('logout-others', 'Signed out of all other devices', {
    entityType: 'session',
    id: ({ request }) => request.auth?.session.id,
  }),
  [`POST ${A.updateProfile}`]: self('update', 'Updated their profile', {
    load: E['admin-user'],
    changes: 'payload',
  }),
  [`POST ${A.changePassword}`]: self('password-change', 'Changed their password'),
  [`POST ${A.generateTwoFactorSecret}`]: self('2fa-setup', 'Started two-factor setup'),
  [`POST ${A.verifyTwoFactor}`]: self('2fa-enable', 'Turned two-factor authentication on'),
  [`POST ${A.disableTwoFactor}`]: self('2fa-disable', 'Turned two-factor authentication off'),
  [`POST ${A.markNotificationsRead}`]: self('read', 'Marked notifications as read', {
    entityType: 'notification',
    id: () => null,
    changes: 'payload',
  }),
  [`POST ${A.markAllNotificationsRead}`]: self('read-all', 'Marked all notifications as read', {
    entityType: 'notification',
    id: () => null,
  }),
  [`POST ${API_PATHS.common.saveFcmToken}`]: self('register', 'Registered for push notifications', {
    entityType: 'push-token',
    id: () => null,
  }),

  // Manage.
  [`POST ${M.addUserType}`]: { action: 'create', entityType: 'user-type' },
  [`POST ${M.updateUserType}`]: { action: 'update', entityType: 'user-type', load: E['user-type'] },
  [`POST ${M.updateUserTypeStatus}`]: {
    action: 'status',
    entityType: 'user-type',
    load: E['user-type'],
  },
  [`POST ${M.saveUserTypePermissions}`]: {
    action: 'permissions',
    entityType: 'user-type',
    load: E['user-type'],
    id: ({ payload }) => payload.type,
  },
  [`POST ${M.addUser}`]: { action: 'invite', entityType: 'admin-user' },
  [`POST ${M.resendInvitation}`]: {
    action: 'resend-invitation',
    entityType: 'admin-user',
    changes: 'none',
    load: E['admin-user'],
  },
  [`POST ${M.updateUserStatus}`]: {
    action: 'status',
    entityType: 'admin-user',
    load: E['admin-user'],
  },
  [`POST ${M.updateUser}`]: { action: 'update', entityType: 'admin-user', load: E['admin-user'] },

  // Geography (multipart: the id arrives in the form).
  [`POST ${S.addCountry}`]: { action: 'create', entityType: 'country' },
  [`POST ${S.updateCountry}`]: { action: 'update', entityType: 'country', load: E.country },
  [`POST ${S.addState}`]: { action: 'create', entityType: 'state' },
  [`POST ${S.updateState}`]: { action: 'update', entityType: 'state', load: E.state },
  [`POST ${S.addPlace}`]: { action: 'create', entityType: 'place' },
  [`POST ${S.updatePlace}`]: { action: 'update', entityType: 'place', load: E.place },

  // Place details.
  [`POST ${S.addPlaceDetails}`]: { action: 'create', entityType: 'place-details' },
  [`PATCH ${S.updatePlaceDetails}`]: {
    action: 'update',
    entityType: 'place-details',
    load: E['place-details'],
  },
  [`PUT ${S.addPlaceDetailsGallery}`]: {
    action: 'gallery-add',
    entityType: 'place-details',
    load: E['place-details'],
  },
  [`DELETE ${S.removePlaceDetailsGallery}`]: {
    action: 'gallery-remove',
    entityType: 'place-details',
    load: E['place-details'],
  },

  // Blogs.
  [`POST ${S.addBlog}`]: { action: 'create', entityType: 'blog' },
  [`POST ${S.updateBlog}`]: { action: 'update', entityType: 'blog', load: E.blog },

  // Itineraries.
  [`POST ${S.createItinerary}`]: { action: 'create', entityType: 'itinerary' },
  [`PUT ${param(S.updateItinerary)}`]: {
    action: 'update',
    entityType: 'itinerary',
    load: E.itinerary,
  },
  [`DELETE ${param(S.deleteItinerary)}`]: {
    action: 'delete',
    entityType: 'itinerary',
    load: E.itinerary,
  },
  [`PATCH ${param(S.toggleItinerary)}`]: {
    action: 'status',
    entityType: 'itinerary',
    load: E.itinerary,
  },
  [`PATCH ${param(S.itineraryGallery, 'itineraryId')}`]: {
    action: 'gallery-add',
    entityType: 'itinerary',
    load: E.itinerary,
  },
  [`DELETE ${param(S.itineraryGallery, 'itineraryId')}/:imageId`]: {
    action: 'gallery-remove',
    entityType: 'itinerary',
    load: E.itinerary,
  },

  // Image libraries.
  [`POST ${L.base}`]: { action: 'create', entityType: 'image-library' },
  [`PUT ${param(L.one)}`]: {
    action: 'update',
    entityType: 'image-library',
    load: E['image-library'],
  },
  [`PUT ${param(L.one)}/images`]: {
    action: 'images',
    entityType: 'image-library',
    load: E['image-library'],
  },
  [`DELETE ${param(L.one)}`]: {
    action: 'delete',
    entityType: 'image-library',
    load: E['image-library'],
  },
  [`PATCH ${param(L.one)}/toggle-status`]: {
    action: 'status',
    entityType: 'image-library',
    load: E['image-library'],
  },

  // Homepage (one record).
  [`PUT ${S.homepageSettings}`]: {
    action: 'update',
    entityType: 'homepage-settings',
    load: E['homepage-settings'],
    id: () => 'homepage',
  },

  // Settings. Channel secrets never reach the log: the request's secret field and the stored
  // `secretEnc` are masked by key (SECRET_KEY), at any depth.
  [`POST ${G.addIp}`]: { action: 'create', entityType: 'allowed-ip' },
  [`POST ${G.deleteIp}`]: { action: 'delete', entityType: 'allowed-ip', load: E['allowed-ip'] },
  [`POST ${G.saveCommunication}`]: {
    action: 'update',
    entityType: 'communication-settings',
    load: E['communication-settings'],
    id: ({ payload }) => payload.type,
  },
  [`POST ${G.testCommunication}`]: {
    action: 'test',
    entityType: 'communication-settings',
    id: ({ payload }) => payload.type,
    summary: 'Sent a test message through a communication channel',
  },
  [`POST ${G.updateBasic}`]: {
    action: 'update',
    entityType: 'basic-settings',
    load: E['basic-settings'],
    id: () => 'basic',
  },
  [`POST ${G.updatePolicies}`]: {
    action: 'update',
    entityType: 'policy-settings',
    load: E['policy-settings'],
    id: () => 'policies',
  },

  // Scheduled marketing notifications (multipart add/update: the id arrives in the form).
  [`POST ${K.add}`]: { action: 'create', entityType: 'scheduled-notification' },
  [`POST ${K.update}`]: {
    action: 'update',
    entityType: 'scheduled-notification',
    load: E['scheduled-notification'],
  },
  [`POST ${K.delete}`]: {
    action: 'delete',
    entityType: 'scheduled-notification',
    load: E['scheduled-notification'],
  },
};

export const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const isExemption = (entry: AuditRule | AuditExemption): entry is AuditExemption =>
  'exempt' in entry;

export const auditKey = (method: string, url: string) => `${method} ${url}`;

/**
 * The state-changing routes the audit does not cover: a non-public one without a rule (or with an
 * exemption: only public routes may be exempt), a public one with neither. The route-table test
 * fails while this is not empty.
 */
export const routesWithoutAudit = (routes: readonly RouteRecord[]): string[] =>
  routes
    .filter((route) => (STATE_CHANGING_METHODS as readonly string[]).includes(route.method))
    .filter((route) => {
      const entry = AUDIT_RULES[auditKey(route.method, route.url)];
      if (!entry) return true;
      return isExemption(entry) && routeAccess(route) !== 'public';
    })
    .map((route) => auditKey(route.method, route.url));

// ── changes ──────────────────────────────────────────────────────────────────────────────────────

/** Any key that looks like a secret is stored as '[masked]', at any depth. */
export const SECRET_KEY = /password|secret|token|otp|code|credential|key/i;
export const MASKED = '[masked]';
/** Columns that change with every write or repeat other columns: never part of a diff. */
const NOISE = new Set(['id', '_id', 'createdAt', 'updatedAt', 'searchText', 'tagsText']);
const MAX_TEXT = 500;
const MAX_JSON = 4000;

/** JSON-safe, secrets masked, long text cut, huge values summarised. */
export const sanitize = (value: unknown, key = ''): unknown => {
  if (key && SECRET_KEY.test(key)) return value === null || value === undefined ? null : MASKED;
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  }
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map((item) => sanitize(item));
  if (typeof value === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(value as Json)) out[k] = sanitize(v, k);
    const size = JSON.stringify(out).length;
    return size > MAX_JSON ? `[${size} characters]` : out;
  }
  return value;
};

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The request's fields as a change from nothing. */
export const payloadChanges = (payload: Json): Changes | null => {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(payload)) {
    changes[key] = { from: null, to: sanitize(value, key) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
};

/** The fields that differ between two states (a missing state: every field from/to null). */
export const diffChanges = (before: Json | undefined, after: Json | undefined): Changes | null => {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Changes = {};
  for (const key of keys) {
    if (NOISE.has(key)) continue;
    const raw = [before?.[key], after?.[key]].map((v) => JSON.stringify(v ?? null));
    if (raw[0] === raw[1]) continue;
    changes[key] = { from: sanitize(before?.[key], key), to: sanitize(after?.[key], key) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
};

// ── the summary line ─────────────────────────────────────────────────────────────────────────────

const VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  invite: 'Invited',
  'resend-invitation': 'Re-sent the invitation of',
  permissions: 'Changed the permissions of',
  'gallery-add': 'Added images to',
  'gallery-remove': 'Removed images from',
  images: 'Changed the images of',
};

const nameOf = (...sources: (Json | undefined)[]): string | undefined => {
  for (const source of sources) {
    for (const key of ['name', 'title', 'email', 'ip']) {
      const value = source?.[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 120);
    }
  }
  return undefined;
};

const statusVerb = (after: Json | undefined, payload: Json): string => {
  const state = after?.isActive ?? after?.status ?? payload.isActive;
  if (state === true || state === 'active') return 'Activated';
  if (state === false || state === 'inactive') return 'Deactivated';
  return 'Changed the status of';
};

const summaryOf = (rule: AuditRule, states: { before?: Json; after?: Json }, ctx: AuditContext) => {
  if (rule.summary) return rule.summary;
  const verb =
    rule.action === 'status'
      ? statusVerb(states.after, ctx.payload)
      : (VERBS[rule.action] ?? rule.action);
  const noun = rule.entityType.replace(/-/g, ' ');
  const name = nameOf(states.after, states.before, ctx.record, ctx.payload);
  return name ? `${verb} ${noun} '${name}'` : `${verb} ${noun}`;
};

// ── the hook ─────────────────────────────────────────────────────────────────────────────────────

interface AuditState {
  rule: AuditRule;
  /** The multipart text fields, once the handler has read them. */
  form?: Json;
  /** The state before the change (rules with a loader), once known. */
  before?: Json;
  beforeLoaded: boolean;
  /** The answer's payload object. */
  result?: unknown;
  /** Takes the multipart text fields (see {@link noteFormFields}). */
  noteForm: (fields: Json) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The audit rule of this request and what the hook gathered for its entry. */
    audit: AuditState | null;
  }
}

const asJson = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

const payloadOf = (request: FastifyRequest, state: AuditState): Json =>
  state.form ?? asJson(asJson(request.body).data);

const idText = (value: unknown): string | undefined =>
  (typeof value === 'string' && value !== '' && value.length <= 200) || typeof value === 'number'
    ? String(value)
    : undefined;

/** The entity id: the rule's, else path params, body/form `id`/`_id`, else the answer's `_id`. */
const entityIdOf = (
  state: AuditState,
  ctx: Omit<AuditContext, 'record' | 'data'> & Partial<AuditContext>,
): string | undefined => {
  if (state.rule.id) return idText(state.rule.id(ctx));
  const { params, payload, record } = ctx;
  return (
    idText(params.id) ??
    idText(params.itineraryId) ??
    idText(payload.id) ??
    idText(payload._id) ??
    idText(record?._id) ??
    idText(record?.id)
  );
};

export interface AuditDeps {
  db: Database;
}

/**
 * Installs the hook on the root instance (before the routes are registered, so every route gets
 * it). Exported pieces ({@link AUDIT_RULES}, {@link noteFormFields}) are used by the route-table
 * test and by the multipart reader.
 */
export const registerAudit = (app: FastifyInstance, { db }: AuditDeps) => {
  app.decorateRequest('audit', null);

  const loadBefore = async (request: FastifyRequest, state: AuditState) => {
    if (state.beforeLoaded || !state.rule.load) return;
    const id = entityIdOf(state, {
      request,
      params: asJson(request.params),
      payload: payloadOf(request, state),
    });
    if (id === undefined) return;
    state.beforeLoaded = true;
    state.before = await state.rule.load(db, id);
  };

  app.addHook('preHandler', async (request) => {
    request.audit = null;
    const url = request.routeOptions.url;
    if (!url) return;
    const entry = AUDIT_RULES[auditKey(request.method, url)];
    if (!entry || isExemption(entry)) return;
    const state: AuditState = {
      rule: entry,
      beforeLoaded: false,
      // The multipart reader hands over the text fields once read, before the service changes
      // anything: the id of a multipart update arrives there.
      noteForm: async (fields) => {
        state.form = fields;
        await loadBefore(request, state);
      },
    };
    request.audit = state;
    await loadBefore(request, state);
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.audit) request.audit.result = payload;
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.audit;
    if (!state || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    request.audit = null;
    try {
      await writeEntry(db, request, state);
    } catch (err) {
      // The change is done and answered; a lost entry is logged loudly, never a failed request.
      request.log.error({ err }, 'audit entry could not be written');
    }
    return payload;
  });
};

const writeEntry = async (db: Database, request: FastifyRequest, state: AuditState) => {
  const { rule } = state;
  const data = asJson(asJson(state.result).data);
  const ctx: AuditContext = {
    request,
    params: asJson(request.params),
    payload: payloadOf(request, state),
    data,
    record: asJson(data.data ?? data),
  };
  if (rule.when && !rule.when(ctx)) return;
  const actor: Actor | undefined = request.auth
    ? { id: request.auth.admin.id, name: request.auth.admin.name, email: request.auth.admin.email }
    : await rule.actor?.(db, ctx);
  if (!actor) return;

  const entityId = entityIdOf(state, ctx) ?? (rule.actor ? actor.id : undefined);
  const isCreate = rule.action === 'create' || rule.action === 'invite';
  const after = rule.load && entityId !== undefined ? await rule.load(db, entityId) : undefined;
  let changes: Changes | null = null;
  if (!isCreate && rule.load && state.beforeLoaded) changes = diffChanges(state.before, after);
  else if (rule.changes !== 'none') changes = payloadChanges(ctx.payload);

  await recordActivity(db, {
    adminId: actor.id,
    adminName: actor.name,
    adminEmail: actor.email,
    action: rule.action,
    entityType: rule.entityType,
    entityId: rule.entityType === 'homepage-settings' ? null : (entityId ?? null),
    summary: summaryOf(rule, { before: state.before, after }, ctx),
    changes,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  });
};

/**
 * Called by the multipart reader with the form's text fields, before the service acts on them:
 * a multipart update's id arrives here, so its before-state can still be loaded.
 */
export const noteFormFields = async (request: FastifyRequest, fields: Json): Promise<void> => {
  await request.audit?.noteForm(fields);
};
