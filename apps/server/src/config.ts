import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { defaultS3PublicBaseUrl, type S3StorageOptions } from './media/s3-options.js';
import { DEFAULT_SMS_BASE_URLS } from './messaging/sms.js';
import { DEFAULT_WHATSAPP_BASE_URL } from './messaging/whatsapp.js';

/** Where this module lives: src/ under tsx, dist/ once bundled; both are one level below the package. */
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().max(max).optional());

/** OpenStreetMap's standard tiles (their usage policy asks for the attribution the web shows). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The origin a tile URL template loads from, as a CSP source (`https://tile.example.org`; a `{s}`
 * subdomain becomes `https://*.tile.example.org`), or null when it is not an http(s) template
 * with `{z}`, `{x}` and `{y}` (then no tiles are shown and nothing is allowed).
 */
export const mapTileOrigin = (template: string): string | null => {
  const match = /^(https?):\/\/([^/?#\s]+)(\/[^\s]*)?$/.exec(template);
  if (!match || !['{z}', '{x}', '{y}'].every((part) => template.includes(part))) return null;
  const [, scheme = '', host = ''] = match;
  const wildcard = host.replace(/^\{s\}\./, 'placeholder.');
  if (wildcard.includes('{') || wildcard.includes('}')) return null;
  try {
    const { origin, username, password } = new URL(`${scheme}://${wildcard}/`);
    if (username || password) return null;
    return host.startsWith('{s}.') ? origin.replace('placeholder.', '*.') : origin;
  } catch {
    return null;
  }
};

/** The browsers' push services (Chrome/Edge via FCM, Firefox, Windows, Safari). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const;

const envSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a port number (0-65535)' })
      .int('must be a port number (0-65535)')
      .min(0, 'must be a port number (0-65535)')
      .max(65535, 'must be a port number (0-65535)')
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).max(255).default('127.0.0.1')),
  DATA_DIR: optionalText(4096),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(4096)
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  EMBEDDED_DB: z.preprocess(
    emptyToUndefined,
    z
      .enum(['auto', 'postgres', 'pglite'], { error: 'must be auto, postgres or pglite' })
      .default('auto'),
  ),
  APP_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .max(2048)
      .optional(),
  ),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of proxy hops (0-10)' })
      .int('must be a whole number of proxy hops (0-10)')
      .min(0, 'must be a whole number of proxy hops (0-10)')
      .max(10, 'must be a whole number of proxy hops (0-10)')
      .default(0),
  ),
  ADMIN_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email('must be an e-mail address').max(254).default('admin@safarnama.local'),
  ),
  ADMIN_PASSWORD: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .min(12, 'must be 12 to 128 characters')
      .max(128, 'must be 12 to 128 characters')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
  WEB_DIST: optionalText(4096),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(2048)
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(320)
      .regex(/^[^\r\n]+$/, 'must be one line')
      .default('Safarnama <no-reply@safarnama.local>'),
  ),
  /** Messaging providers' API base URLs (tests and self-hosted gateways point them elsewhere). */
  SMS_TWILIO_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .max(2048)
      .default(DEFAULT_SMS_BASE_URLS.twilio),
  ),
  SMS_MSG91_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .max(2048)
      .default(DEFAULT_SMS_BASE_URLS.msg91),
  ),
  WHATSAPP_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .max(2048)
      .default(DEFAULT_WHATSAPP_BASE_URL),
  ),
  /** Location services of the login page (spec §7); '' turns one off. */
  LOCATION_IP_LOOKUP_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2048)])
    .default('https://api.ipify.org?format=json'),
  LOCATION_REVERSE_GEOCODE_URL: z
    .union([
      z.literal(''),
      z
        .string()
        .max(2048)
        .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL'),
    ])
    .default('https://nominatim.openstreetmap.org/reverse?format=jsonv2&lat={lat}&lon={long}'),
  LOCATION_IP_GEOLOCATION_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2048)])
    .default('https://ipapi.co/json/'),
  LOCATION_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(30_000).default(3000),
  ),
  /**
   * Issue 22: the map tiles of the place and itinerary maps, a Leaflet URL template; '' turns
   * tiles off (markers and routes still draw). Its origin joins the CSP `img-src`.
   */
  MAP_TILE_URL: z
    .string()
    .trim()
    .max(2048)
    .refine((url) => url === '' || mapTileOrigin(url) !== null, {
      error:
        'must be an http(s) URL template with {z}, {x} and {y} (a {s} subdomain at most), or empty to turn tiles off',
    })
    .default(DEFAULT_MAP_TILE_URL),
  /** S3-compatible storage for uploads, used when S3_BUCKET is set (else DATA_DIR/uploads). */
  S3_BUCKET: optionalText(63),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().max(64).default('us-east-1')),
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .max(2048)
      .optional(),
  ),
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText(256),
  S3_SECRET_ACCESS_KEY: optionalText(256),
  S3_PUBLIC_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .max(2048)
      .optional(),
  ),
  /**
   * Requests per minute one client IP may make to /api (the global rate limit). The benchmark
   * raises it: its load comes from one address.
   */
  API_RATE_LIMIT_MAX: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 1000000' })
      .int('must be a whole number from 1 to 1000000')
      .min(1, 'must be a whole number from 1 to 1000000')
      .max(1_000_000, 'must be a whole number from 1 to 1000000')
      .default(600),
  ),
  /**
   * HTTP worker processes on PostgreSQL (ops/workers.ts): `auto` (default) one per core, at most
   * four; 1 serves from the one process. PGlite always runs in one process.
   */
  SERVER_WORKERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .refine(
        (v) => v === 'auto' || (/^\d{1,2}$/u.test(v) && Number(v) >= 1 && Number(v) <= 64),
        'must be auto or a whole number from 1 to 64',
      )
      .transform((v): 'auto' | number => (v === 'auto' ? 'auto' : Number(v)))
      .default('auto'),
  ),
  /** API calls running at once before new ones answer 503 + Retry-After (http/drain.ts). */
  API_MAX_IN_FLIGHT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 100000' })
      .int('must be a whole number from 1 to 100000')
      .min(1, 'must be a whole number from 1 to 100000')
      .max(100_000, 'must be a whole number from 1 to 100000')
      .default(256),
  ),
  /**
   * PostgreSQL: the longest one statement of an API call may run (server-side statement_timeout,
   * plus a client-side limit one second later for a network that stops answering); past it the
   * call answers 503. Backups, restores and migrations use DB_MAINTENANCE_TIMEOUT_MS.
   */
  DB_QUERY_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of milliseconds from 100 to 600000' })
      .int('must be a whole number of milliseconds from 100 to 600000')
      .min(100, 'must be a whole number of milliseconds from 100 to 600000')
      .max(600_000, 'must be a whole number of milliseconds from 100 to 600000')
      .default(5000),
  ),
  DB_MAINTENANCE_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of milliseconds from 1000 to 86400000' })
      .int('must be a whole number of milliseconds from 1000 to 86400000')
      .min(1000, 'must be a whole number of milliseconds from 1000 to 86400000')
      .max(86_400_000, 'must be a whole number of milliseconds from 1000 to 86400000')
      .default(1_800_000),
  ),
  /** How often the scheduler looks for due marketing notifications; 0 turns it off on this node. */
  /** SIGTERM: how long running requests may take to finish before they are cut (main.ts). */
  SHUTDOWN_DRAIN_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of ms from 100 to 60000' })
      .int('must be a whole number of ms from 100 to 60000')
      .min(100, 'must be a whole number of ms from 100 to 60000')
      .max(60_000, 'must be a whole number of ms from 100 to 60000')
      .default(7000),
  ),
  SCHEDULER_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .refine((n) => n === 0 || (n >= 200 && n <= 3_600_000), 'must be 0 or 200..3600000')
      .default(5000),
  ),
  /**
   * Push services the server may deliver to (comma-separated host names; a subscription's host
   * must be one of them or a subdomain). Plain http is accepted only for a loopback host.
   */
  PUSH_SERVICE_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(2048)
      .default(DEFAULT_PUSH_SERVICE_HOSTS.join(','))
      .transform((text) =>
        text
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
  ),
});

/** Every environment variable the server reads (README's configuration table documents each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  publicUrl: string;
  /** Origin of PUBLIC_URL, e.g. `https://admin.example.com`. */
  publicOrigin: string;
  /** Whether cookies get the Secure flag (PUBLIC_URL is https). */
  secureCookies: boolean;
  trustProxy: number;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webDist: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base URLs of the SMS and WhatsApp provider APIs. */
  messaging: MessagingBaseUrls;
  location: {
    ipLookupUrl: string;
    reverseGeocodeUrl: string;
    ipGeolocationUrl: string;
    timeoutMs: number;
  };
  /** The maps' tile URL template (MAP_TILE_URL); null: tiles off. */
  mapTileUrl: string | null;
  /** API calls running at once before new ones are turned away (API_MAX_IN_FLIGHT, 256). */
  apiMaxInFlight: number;
  /** HTTP worker processes (SERVER_WORKERS): `auto` or a count (ops/workers.ts). */
  workers: 'auto' | number;
  /** Requests per minute per client IP on /api (API_RATE_LIMIT_MAX, default 600). */
  apiRateLimitMax: number;
  /** SIGTERM: running requests get this long before they are cut (SHUTDOWN_DRAIN_MS, 7 s). */
  shutdownDrainMs: number;
  /** Scheduler poll interval in ms (0 = this node does not send scheduled notifications). */
  schedulerIntervalMs: number;
  /** PostgreSQL statement limit for API calls, and for backups, restores and migrations. */
  db: {
    queryTimeoutMs: number;
    maintenanceTimeoutMs: number;
    /** Without DATABASE_URL: the embedded engine (EMBEDDED_DB; see db/open-database.ts). */
    embedded: 'auto' | 'postgres' | 'pglite';
  };
  /** Hosts (and their subdomains) push subscriptions may point at. */
  pushServiceHosts: string[];
  /** S3-compatible storage (S3_BUCKET set), else undefined: uploads on local disk. */
  s3: S3StorageOptions | undefined;
}

export interface MessagingBaseUrls {
  twilio: string;
  msg91: string;
  whatsapp: string;
}

/** The providers' own APIs (the adapters' defaults). */
export const DEFAULT_MESSAGING_BASE_URLS: MessagingBaseUrls = {
  ...DEFAULT_SMS_BASE_URLS,
  whatsapp: DEFAULT_WHATSAPP_BASE_URL,
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment with one schema; every bad variable gets one line in the error. */
export const parseEnv = (env: NodeJS.ProcessEnv) => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  return parsed.data;
};

/** Reads APP_SECRET from DATA_DIR/app-secret, creating it (mode 0600) on first start. */
/**
 * DATA_DIR holds the database, the uploads and the secrets: a folder this process cannot write
 * (read-only mount, immutable, wrong owner) is reported by its path at the start, before anything
 * tries to write there and fails less clearly.
 */
const ensureWritable = (dataDir: string) => {
  const probe = join(dataDir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError([
      `DATA_DIR: ${dataDir} is not writable (${code}); the database, uploads and secrets live there. Make it writable, or point DATA_DIR at a folder this user can write.`,
    ]);
  }
};

const loadOrCreateSecret = (dataDir: string): string => {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
    throw new ConfigError([`APP_SECRET: ${file} holds fewer than 32 characters`]);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
};

const s3Options = (e: ReturnType<typeof parseEnv>): S3StorageOptions | undefined => {
  if (!e.S3_BUCKET) return undefined;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the default AWS credential chain',
    ]);
  }
  const where = { bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT };
  return {
    ...where,
    forcePathStyle: e.S3_FORCE_PATH_STYLE
      ? e.S3_FORCE_PATH_STYLE === 'true'
      : Boolean(e.S3_ENDPOINT),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicBaseUrl: (e.S3_PUBLIC_BASE_URL ?? defaultS3PublicBaseUrl(where)).replace(/\/+$/, ''),
  };
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const e = parseEnv(env);
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = e.DATA_DIR
    ? isAbsolute(e.DATA_DIR)
      ? e.DATA_DIR
      : resolve(baseDir, e.DATA_DIR)
    : join(baseDir, 'data');
  ensureWritable(dataDir);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const url = new URL(publicUrl);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET ?? loadOrCreateSecret(dataDir),
    publicUrl,
    publicOrigin: url.origin,
    secureCookies: url.protocol === 'https:',
    trustProxy: e.TRUST_PROXY,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve(baseDir, e.WEB_DIST) : resolve(packageDir, '..', 'web', 'dist'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    messaging: {
      twilio: e.SMS_TWILIO_BASE_URL,
      msg91: e.SMS_MSG91_BASE_URL,
      whatsapp: e.WHATSAPP_BASE_URL,
    },
    location: {
      ipLookupUrl: e.LOCATION_IP_LOOKUP_URL,
      reverseGeocodeUrl: e.LOCATION_REVERSE_GEOCODE_URL,
      ipGeolocationUrl: e.LOCATION_IP_GEOLOCATION_URL,
      timeoutMs: e.LOCATION_TIMEOUT_MS,
    },
    mapTileUrl: e.MAP_TILE_URL === '' ? null : e.MAP_TILE_URL,
    s3: s3Options(e),
    apiRateLimitMax: e.API_RATE_LIMIT_MAX,
    apiMaxInFlight: e.API_MAX_IN_FLIGHT,
    workers: e.SERVER_WORKERS,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    db: {
      queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
      maintenanceTimeoutMs: e.DB_MAINTENANCE_TIMEOUT_MS,
      embedded: e.EMBEDDED_DB,
    },
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
  };
};
