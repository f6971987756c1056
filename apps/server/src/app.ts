import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { API_PATHS } from '@safarnama/contract';
import { validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_MESSAGING_BASE_URLS,
  DEFAULT_PUSH_SERVICE_HOSTS,
  mapTileOrigin,
  type Config,
} from './config.js';
import { clientIpOf } from './http/client-ip.js';
import { createMailer, type Mailer } from './messaging/mail.js';
import { createRealtime, type Realtime } from './realtime/hub.js';
import type { DatabaseHandle } from './db/client.js';
import { createAccessGuard, recordRoutes, type RouteRecord } from './http/access.js';
import { registerCompression } from './http/compression.js';
import { registerDocs } from './http/docs.js';
import { installErrorHandler, loggableError } from './http/error-handler.js';
import { NotFound, RateLimited } from './http/errors.js';
import { RequestLogController } from './http/logging.js';
import { answerSerializerCompiler } from './http/serializer.js';
import { registerWeb, sendAppShell, wantsAppShell } from './http/web.js';
import { createPasswordHasher, type PasswordHasher } from './lib/password.js';
import { initialAdminFilePath } from './modules/identity/initial-admin-file.js';
import { createImageProcess } from './media/image-process.js';
import { createImagePipeline, type ImagePipeline } from './media/pipeline.js';
import type { StorageDriver } from './media/storage.js';
import { registerUploads } from './media/uploads.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService, type AuthService } from './modules/identity/auth.service.js';
import { createDeviceCookies } from './modules/identity/device-cookies.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createAccountService, type AccountService } from './modules/account/account.service.js';
import { registerDuplicateNotice } from './media/duplicates.js';
import { createMediaService, type MediaService } from './modules/media/media.service.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import {
  createNotificationService,
  type NotificationService,
} from './modules/notifications/notifications.service.js';
import {
  LOCATION_SERVICES_OFF,
  clientConfigRoutes,
  locationOrigins,
} from './modules/client-config/client-config.routes.js';
import { createSecretBox } from './lib/secret-box.js';
import { imageLibraryRoutes } from './modules/image-libraries/image-libraries.routes.js';
import {
  createImageLibraryService,
  type ImageLibraryService,
} from './modules/image-libraries/image-libraries.service.js';
import { geographyRoutes } from './modules/geography/geography.routes.js';
import {
  createGeographyService,
  type GeographyService,
} from './modules/geography/geography.service.js';
import { placeDetailsRoutes } from './modules/place-details/place-details.routes.js';
import {
  createPlaceDetailsService,
  type PlaceDetailsService,
} from './modules/place-details/place-details.service.js';
import { itineraryRoutes } from './modules/itineraries/itineraries.routes.js';
import { itineraryPdfRoutes } from './modules/itineraries/itinerary-pdf.routes.js';
import { createPdfProcess } from './modules/itineraries/itinerary-pdf.process.js';
import {
  createItineraryPdfService,
  type ItineraryPdfService,
} from './modules/itineraries/itinerary-pdf.service.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { coverageRoutes } from './modules/content-coverage/content-coverage.routes.js';
import { exportRoutes } from './modules/csv/export.routes.js';
import { importRoutes } from './modules/csv/import.routes.js';
import { createCsvImportService } from './modules/csv/import.service.js';
import { mediaUsageRoutes } from './modules/media-usage/media-usage.routes.js';
import {
  createMediaUsageService,
  type MediaUsageService,
} from './modules/media-usage/media-usage.service.js';
import { createCoverageService } from './modules/content-coverage/content-coverage.service.js';
import { bulkRoutes } from './modules/bulk/bulk.routes.js';
import { createBulkService } from './modules/bulk/bulk.service.js';
import { bulkTargets } from './modules/bulk/bulk.targets.js';
import { homepageRoutes } from './modules/homepage/homepage.routes.js';
import { createHomepageService } from './modules/homepage/homepage.service.js';
import {
  createItineraryService,
  type ItineraryService,
} from './modules/itineraries/itineraries.service.js';
import { blogRoutes } from './modules/blogs/blogs.routes.js';
import { createBlogService, type BlogService } from './modules/blogs/blogs.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { shareRoutes } from './modules/share/share.routes.js';
import { createShareService } from './modules/share/share.service.js';
import { createStructuredDataService } from './modules/structured-data/structured-data.service.js';
import { structuredDataRoutes } from './modules/structured-data/structured-data.routes.js';
import { redactTripToken, tripRoutes } from './modules/share/trip.routes.js';
import { registerAudit } from './http/audit.js';
import { registerDrain } from './http/drain.js';
import { registerIdempotency } from './http/idempotency.js';
import { createSharedRateLimit } from './http/shared-rate-limit.js';
import { roleRoutes } from './modules/roles/roles.routes.js';
import { createRoleService } from './modules/roles/roles.service.js';
import { adminRoutes } from './modules/admins/admins.routes.js';
import { createAdminService } from './modules/admins/admins.service.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { revisionRoutes } from './modules/revisions/revisions.routes.js';
import { createRevisionsService } from './modules/revisions/revisions.service.js';
import { createActivityService } from './modules/activity/activity.service.js';
import {
  createBasicSettingsService,
  type BasicSettingsService,
} from './modules/settings/basic.service.js';
import {
  createCommunicationService,
  type CommunicationService,
} from './modules/settings/communication.service.js';
import { createIpListService, type IpListService } from './modules/settings/ip-list.service.js';
import { createPolicyService, type PolicyService } from './modules/settings/policies.service.js';
import { createIpGuard, createMaintenanceGuard } from './modules/settings/settings.guards.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { createPushService, vapidSubject, type PushService } from './modules/push/push.service.js';
import { createDeliverers } from './modules/marketing/deliver.js';
import { marketingRoutes } from './modules/marketing/marketing.routes.js';
import {
  createMarketingService,
  type MarketingService,
} from './modules/marketing/marketing.service.js';
import { createScheduler, schedulerNodeId } from './modules/marketing/scheduler.js';
import { lineupRoutes } from './modules/schedule/lineups.routes.js';
import { createContentScheduler, type ContentScheduler } from './modules/schedule/scheduler.js';
import { createQualityService, type QualityService } from './modules/quality/quality.service.js';
import {
  createScheduleService,
  type ScheduleService,
} from './modules/schedule/schedule.service.js';
import { registerTextGuard } from './http/text-guard.js';
import { stdSerializers } from 'pino';

/** Used only by tests that build an app without one; the real config always has APP_SECRET. */
const DEV_APP_SECRET = 'safarnama-test-app-secret-not-for-production-use';
const DEFAULT_MAIL_FROM = 'Safarnama <no-reply@safarnama.local>';

/** JSON bodies above 1 MB answer 413 (uploads use multipart with their own limits). */
export const BODY_LIMIT = 1024 * 1024;
/** Global API rate limit per client IP (`max` is the default of API_RATE_LIMIT_MAX). */
export const API_RATE_LIMIT = { max: 600, timeWindow: 60_000 } as const;

export type AppConfig = Pick<Config, 'publicOrigin' | 'secureCookies' | 'trustProxy' | 'logLevel'> &
  Partial<
    Pick<
      Config,
      | 'publicUrl'
      | 'appSecret'
      | 'location'
      | 'mapTileUrl'
      | 'smtpUrl'
      | 'mailFrom'
      | 'messaging'
      | 'schedulerIntervalMs'
      | 'pushServiceHosts'
      | 'dataDir'
    >
  > & {
    /** Where mail goes when no SMTP is configured (default: a temp dir in tests). */
    outboxDir?: string;
    /** The built web app; undefined or missing = serve the API only. */
    webDist?: string | undefined;
  };

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  /** Where uploaded files go (local disk under DATA_DIR/uploads; tests use a temp dir). */
  storage: StorageDriver;
  /** The image pipeline (default: one with its own sharp limiter). */
  pipeline?: ImagePipeline;
  hasher?: PasswordHasher;
  now?: () => Date;
  /** Pino options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** A request this slow (ms) logs its summary at `info` (default SLOW_REQUEST_MS; tests). */
  slowRequestMs?: number;
  /** Overrides the global API rate limit per minute (API_RATE_LIMIT_MAX; tests). */
  rateLimitMax?: number;
  /** API calls running at once before new ones get 503 + Retry-After (API_MAX_IN_FLIGHT). */
  maxInFlight?: number;
  /** How often a PostgreSQL node shares its rate-limit counts (default 1 s; tests go faster). */
  rateLimitSyncMs?: number;
  /** The mail channel (default: SMTP_URL or the outbox folder). Tests pass one on smtp-server. */
  mailer?: Mailer;
  /** The realtime hub (default: a fresh one attached to this app's HTTP server). */
  realtime?: Realtime;
  /** Extra route modules registered like the built-in ones (tests add tiny probe routes). */
  routes?: ((app: FastifyInstance) => Promise<void>)[];
}

export interface AppServices {
  auth: AuthService;
  account: AccountService;
  /** In-app notifications: `notify(adminIds, {type, title, message, link})` (any module). */
  notifications: NotificationService;
  mailer: Mailer;
  realtime: Realtime;
  imageLibraries: ImageLibraryService;
  geography: GeographyService;
  placeDetails: PlaceDetailsService;
  blogs: BlogService;
  itineraries: ItineraryService;
  /** Issue 22: an itinerary's PDF, `render(id)` (drawn in the PDF process). */
  itineraryPdfs: ItineraryPdfService;
  /** The allowed-IP list (cached), communication channels, basic settings (cached), policies. */
  settings: {
    ipList: IpListService;
    communication: CommunicationService;
    basic: BasicSettingsService;
    policies: PolicyService;
  };
  /** Web push to admins' browsers: VAPID key, subscriptions, `send(target, payload)`. */
  push: PushService;
  /** Scheduled marketing notifications and this process's poller (`marketing.scheduler`). */
  marketing: MarketingService;
  /** Issue 21: homepage lineups, upcoming publishes and the content scheduler (`schedule.scheduler`). */
  schedule: ScheduleService & { scheduler: ContentScheduler };
  /** Issue 23: content-quality codes (`refresh`) and the background sweep (`sweep`, `start`). */
  quality: QualityService;
  media: MediaService;
  /** Issue 24: where images and libraries are used, and the generic image delete. */
  mediaUsage: MediaUsageService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, as the onRoute hook recorded it (route-table test). */
    routeTable: RouteRecord[];
    services: AppServices;
  }
}

/** Log redaction: credentials and session tokens never reach the logs. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.passwordHash',
  '*.token',
  'body.data.password',
];

export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { config, database, storage } = deps;
  const now = deps.now ?? (() => new Date());
  const hasher = deps.hasher ?? createPasswordHasher();

  const app = Fastify({
    // Tests pass false or their own level and stream; redaction and the error serializer apply
    // to every logger.
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            serializers: {
              err: (err: unknown) => stdSerializers.err(loggableError(err) as Error),
              // Fastify's own request fields, with a share link's token out of the URL.
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactTripToken(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket.remotePort,
              }),
            },
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
          },
    // Per-request lines at debug; at info only failed (≥ 500) or slow answers (http/logging.ts).
    logController: new RequestLogController({ slowMs: deps.slowRequestMs }),
    // Ids are ours: nothing from the client is honoured.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // X-Forwarded-For is believed only for TRUST_PROXY hops; by default the socket address counts.
    trustProxy:
      config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  app.decorate('routeTable', recordRoutes(app));
  app.decorateRequest('auth', null);
  // Storage faults of the database (http/error-handler.ts) make /api/ready fail for a while.
  const storageFaults = { lastAt: 0 };
  installErrorHandler(app, storageFaults);

  const appSecret = config.appSecret ?? DEV_APP_SECRET;
  const publicUrl = config.publicUrl ?? config.publicOrigin;
  const realtime = deps.realtime ?? createRealtime({ pool: database.pool, log: app.log });
  // Image decoding and encoding run in a child process of their own (media/image-process.ts).
  const images = deps.pipeline ? null : createImageProcess({ log: app.log });
  if (images) app.addHook('onClose', async () => images.close());
  const pipeline =
    deps.pipeline ?? createImagePipeline({ now, processIn: images?.process, cropIn: images?.crop });
  // Settings (issue 9): the allowed-IP list and the basic settings are read on every guarded
  // request (cached); the e-mail channel feeds the mailer; the idle timeout feeds the sessions.
  const ipList = createIpListService({ db: database.db, now, realtime, log: app.log });
  const basicSettings = createBasicSettingsService({
    db: database.db,
    now,
    storage,
    pipeline,
    realtime,
  });
  // Mail names the product as the Basic Settings do (the cached document).
  const productNameOf = async () => (await basicSettings.get()).productName;
  const communication = createCommunicationService({
    db: database.db,
    now,
    box: createSecretBox(appSecret, 'channels'),
    baseUrls: config.messaging ?? DEFAULT_MESSAGING_BASE_URLS,
    log: app.log,
  });
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom ?? DEFAULT_MAIL_FROM,
      outboxDir: config.outboxDir ?? join(tmpdir(), 'safarnama-outbox'),
      log: app.log,
      smtpFromSettings: communication.smtpFromSettings,
    });
  const totpBox = createSecretBox(appSecret, 'totp');
  const notifications = createNotificationService({ db: database.db, realtime, now });
  const auth = createAuthService({
    db: database.db,
    hasher,
    now,
    realtime,
    notifications,
    totpBox,
    deviceCookies: createDeviceCookies(appSecret),
    log: app.log,
    sessionIdleMs: basicSettings.sessionIdleMs,
  });
  const account = createAccountService({
    db: database.db,
    hasher,
    now,
    mailer,
    realtime,
    notifications,
    storage,
    pipeline,
    totpBox,
    publicUrl,
    productName: productNameOf,
    log: app.log,
    initialAdminFile: config.dataDir ? initialAdminFilePath(config.dataDir) : undefined,
  });
  // Mail still being sent after its answer went out (forgot-password) finishes before close.
  app.addHook('onClose', () => account.settle());
  const location = config.location ?? LOCATION_SERVICES_OFF;
  // Issue 22: the maps' tiles (MAP_TILE_URL); an app built without it (tests) shows none.
  const mapTileUrl = config.mapTileUrl ?? null;
  const tileOrigin = mapTileUrl ? mapTileOrigin(mapTileUrl) : null;
  // Issue 23: content-quality codes kept with every change (the audit scope, the scheduler) and
  // the background sweep of rows computed under older rules (started by main.ts).
  const quality = createQualityService({
    db: database.db,
    ownOrigins: [config.publicOrigin],
    log: app.log,
  });
  app.addHook('preClose', () => quality.stop());
  // Issue 24: focal points, and the hash and crops of images stored before them (main.ts).
  const media = createMediaService({ db: database.db, storage, pipeline, log: app.log });
  app.addHook('preClose', () => media.stop());
  // Issue 24: where images and libraries are used; the owners' deletes ask it first.
  const mediaUsage = createMediaUsageService({ db: database.db, storage, pipeline, quality });
  const imageLibraries = createImageLibraryService({
    db: database.db,
    storage,
    pipeline,
    usage: mediaUsage,
  });
  const geography = createGeographyService({ db: database.db, storage, pipeline });
  const placeDetails = createPlaceDetailsService({
    db: database.db,
    storage,
    pipeline,
    usage: mediaUsage,
  });
  const blogs = createBlogService({ db: database.db, storage, pipeline, now });
  const itineraries = createItineraryService({
    db: database.db,
    storage,
    pipeline,
    now,
    usage: mediaUsage,
  });
  const policies = createPolicyService({ db: database.db, now });
  // Issue 22: PDFs are drawn in a child process of their own (itinerary-pdf.process.ts), forked at
  // the first PDF and stopped when idle.
  const pdfProcess = createPdfProcess({ log: app.log });
  app.addHook('onClose', async () => pdfProcess.close());
  const itineraryPdfs = createItineraryPdfService({
    itineraries,
    settings: { basic: basicSettings, policies },
    db: database.db,
    storage,
    draw: pdfProcess.render,
    now,
    log: app.log,
  });
  const homepage = createHomepageService({ db: database.db, storage, now });
  // Share links (issue 22): the admin routes and the public trip page read the itinerary as
  // its service presents it, with the Basic Settings' branding.
  const share = createShareService({
    db: database.db,
    now,
    publicUrl,
    itineraries,
    branding: basicSettings.branding,
  });
  // Issue 23: JSON-LD for the public website, from the records as their services present them.
  const structuredData = createStructuredDataService({
    itineraries,
    blogs,
    basic: basicSettings,
    absolute: share.absolute,
  });
  const roles = createRoleService({ db: database.db, realtime });
  const push = createPushService({
    db: database.db,
    now,
    box: createSecretBox(appSecret, 'vapid'),
    subject: vapidSubject(config.mailFrom ?? DEFAULT_MAIL_FROM),
    allowedHosts: config.pushServiceHosts ?? DEFAULT_PUSH_SERVICE_HOSTS,
    log: app.log,
  });
  // Scheduled marketing notifications (issue 9): the poller is created here and started by
  // main.ts after listen (tests call `runOnce()`); closing the app stops it.
  const marketing: MarketingService = {
    ...createMarketingService({ db: database.db, storage, pipeline, now }),
    scheduler: createScheduler({
      db: database.db,
      now,
      nodeId: schedulerNodeId(),
      intervalMs: config.schedulerIntervalMs || 5000,
      deliver: createDeliverers({
        db: database.db,
        mailer,
        communication,
        push,
        baseUrls: config.messaging ?? DEFAULT_MESSAGING_BASE_URLS,
        publicUrl,
        storage,
      }),
      notifications,
      log: app.log,
    }),
  };
  app.addHook('preClose', () => marketing.scheduler.stop());
  // Scheduled publishing (issue 21): lineups, the dashboard's upcoming publishes, and the content
  // scheduler — a sibling of the marketing poller (same interval, started by main.ts, stopped on
  // close), so a long marketing send never holds back a publish.
  const schedule = {
    ...createScheduleService({ db: database.db, now }),
    scheduler: createContentScheduler({
      db: database.db,
      now,
      nodeId: schedulerNodeId(),
      intervalMs: config.schedulerIntervalMs || 5000,
      notifications,
      log: app.log,
      quality,
    }),
  };
  app.addHook('preClose', () => schedule.scheduler.stop());
  const activity = createActivityService({ db: database.db });
  const revisions = createRevisionsService({ db: database.db });
  const admins = createAdminService({
    db: database.db,
    mailer,
    realtime,
    activity,
    publicUrl,
    now,
    productName: productNameOf,
  });
  app.decorate('services', {
    auth,
    account,
    notifications,
    mailer,
    realtime,
    imageLibraries,
    geography,
    placeDetails,
    blogs,
    itineraries,
    itineraryPdfs,
    mediaUsage,
    settings: { ipList, communication, basic: basicSettings, policies },
    push,
    marketing,
    schedule,
    quality,
    media,
  });

  // JSON only (multipart is added inside the route plugins that declare it, see
  // http/multipart.ts `registerMultipart`); an empty JSON body reads as "no body" so bodiless
  // POSTs work whatever headers the client sends. text/plain is refused (415).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  registerDrain(app, { maxInFlight: deps.maxInFlight });
  // NUL and unpaired surrogates in any query, path or JSON text: 400 before validation.
  registerTextGuard(app);
  // Authentication and authorization run after the rate limit (onRequest) and before the body is
  // read, so an anonymous caller can neither make us parse a body nor probe validation. The
  // allowed-IP list comes first (a refused address learns nothing else), maintenance mode after
  // (it depends on who is calling).
  app.addHook('preParsing', createIpGuard({ allows: ipList.allows }));
  app.addHook(
    'preParsing',
    createAccessGuard({ authenticate: auth.authenticate, publicOrigin: config.publicOrigin }),
  );
  app.addHook('preParsing', createMaintenanceGuard({ maintenanceOn: basicSettings.maintenanceOn }));
  // The audit log (DESIGN §4): each audited call runs in its change scope; the entry is written
  // in the transaction of the change (http/audit.ts, db/transaction.ts).
  registerAudit(app, { quality });
  // Issue 24: a multipart upload's answer lists near-identical images already stored.
  registerDuplicateNotice(app, { db: database.db, storage });
  // Idempotency-Key on creates (needs the caller, so after the guards; before the body is read).
  registerIdempotency(app, { db: database.db, now });

  // The security headers, helmet's middleware made once (as a plugin it was rebuilt, the CSP
  // parsed again, on every request: 12 µs and 6 KB of garbage each).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-toastify injects a <style> tag.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(storage.publicOrigin ? [storage.publicOrigin] : []),
          // The place and itinerary maps' tiles (issue 22).
          ...(tileOrigin ? [tileOrigin] : []),
        ],
        // The login page's location lookups (spec §7) call out to the configured services.
        connectSrc: ["'self'", ...locationOrigins(location)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 15_552_000 } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => {
      done(err instanceof Error ? err : undefined);
    });
  });
  await app.register(fastifyCookie);
  // Several processes on a shared PostgreSQL share the counts (http/shared-rate-limit.ts); the
  // embedded engines serve one process, so memory is enough.
  const sharedRateLimit = database.pool
    ? createSharedRateLimit({
        db: database.db,
        timeWindowMs: API_RATE_LIMIT.timeWindow,
        syncMs: deps.rateLimitSyncMs,
        log: app.log,
      })
    : null;
  if (sharedRateLimit) app.addHook('onClose', () => sharedRateLimit.stop());
  await app.register(fastifyRateLimit, {
    global: true,
    ...(sharedRateLimit ? { store: sharedRateLimit.Store } : {}),
    max: deps.rateLimitMax ?? API_RATE_LIMIT.max,
    timeWindow: API_RATE_LIMIT.timeWindow,
    // Only /api counts, and not the probes: a load balancer's /api/health and /api/ready must
    // answer however busy one address is (behind a proxy every client may share one).
    allowList: (request) => {
      const path = request.url.split('?')[0] ?? '';
      if (path === API_PATHS.health || path === API_PATHS.ready) return true;
      return !(path === '/api' || path.startsWith('/api/'));
    },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new RateLimited(`Too many requests. Try again in ${seconds} seconds.`, seconds);
    },
  });

  // br / gzip for every route registered from here on (http/compression.ts); socket.io is not a
  // route and is left alone.
  await registerCompression(app);

  realtime.attach(app.server, {
    authenticate: auth.authenticate,
    admit: ipList.allows,
    clientIp: (socket) => clientIpOf(socket.request, config.trustProxy),
    publicOrigin: config.publicOrigin,
  });
  app.addHook('preClose', () => realtime.close());

  await registerDocs(app);
  await app.register(systemRoutes(database, storageFaults));
  await app.register(authRoutes({ auth, secureCookies: config.secureCookies }));
  await app.register(accountRoutes({ account }));
  await app.register(notificationRoutes({ notifications }));
  await app.register(
    clientConfigRoutes({ location, branding: basicSettings.branding, mapTileUrl }),
  );
  await app.register(imageLibraryRoutes({ libraries: imageLibraries }));
  await app.register(mediaUsageRoutes({ usage: mediaUsage }));
  await app.register(geographyRoutes({ geography }));
  await app.register(placeDetailsRoutes({ placeDetails }));
  await app.register(blogRoutes({ blogs }));
  await app.register(itineraryRoutes({ itineraries }));
  await app.register(shareRoutes({ share }));
  await app.register(itineraryPdfRoutes({ pdfs: itineraryPdfs }));
  const coverage = createCoverageService({ db: database.db });
  await app.register(coverageRoutes({ coverage }));
  // Issue 24: bulk activate / deactivate / delete through the five services above.
  const bulk = createBulkService({
    db: database.db,
    targets: bulkTargets({ itineraries, blogs, geography, placeDetails, imageLibraries }),
  });
  await app.register(bulkRoutes({ bulk, quality }));
  // Issue 24: CSV export of every list, CSV import of itineraries and places.
  await app.register(exportRoutes({ db: database.db, now }));
  await app.register(
    importRoutes({ imports: createCsvImportService({ db: database.db, realtime }) }),
  );
  await app.register(structuredDataRoutes({ structuredData }));
  await app.register(
    dashboardRoutes({
      dashboard: createDashboardService({ db: database.db }),
      activity,
      marketing,
      schedule,
      coverage,
    }),
  );
  await app.register(homepageRoutes({ homepage }));
  await app.register(lineupRoutes({ schedule }));
  await app.register(roleRoutes({ roles }));
  await app.register(adminRoutes({ admins }));
  await app.register(activityRoutes({ activity }));
  await app.register(revisionRoutes({ revisions }));
  await app.register(mediaRoutes({ media }));
  await app.register(
    settingsRoutes({
      ipList,
      communication,
      basic: basicSettings,
      policies,
    }),
  );
  await app.register(pushRoutes({ push }));
  await app.register(marketingRoutes({ marketing }));
  if (storage.localRoot) await registerUploads(app, storage.localRoot);
  for (const routes of deps.routes ?? []) await app.register(routes);
  // The public trip page of a share link and its PDF (issue 22, drawn by the itinerary PDF
  // service), before the web app and its history fallback.
  await app.register(tripRoutes({ share, pdf: itineraryPdfs }));
  const index = await registerWeb(app, config.webDist);

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    if (index && wantsAppShell(request)) return sendAppShell(request, reply, index);
    throw new NotFound();
  });

  return app;
};
