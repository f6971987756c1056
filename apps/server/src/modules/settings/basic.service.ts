import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_BRANDING,
  DEFAULT_TIME_ZONE,
  SOCKET_EVENTS,
  updateBasicSettingsFieldsSchema,
  type BasicSettings,
  type Branding,
  type BrandingChangedEvent,
  type ServiceStatus,
  type ServiceStatusEvent,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { transaction } from '../../db/transaction.js';
import type { AuthContext } from '../../http/access.js';
import { fieldNames, parseFields } from '../../http/form-fields.js';
import type { FormReader } from '../../http/multipart.js';
import { deleteFiles, withStoredFiles } from '../../media/files.js';
import { receiveImageForm } from '../../media/form-images.js';
import { deleteImagesOf, replaceSingleImage } from '../../media/images.repo.js';
import { imageFileKeys, type ImagePipeline, type StoredImage } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';
import type { Realtime } from '../../realtime/hub.js';
import {
  findSetting,
  lockSetting,
  upsertSetting,
  type AppSettingRow,
} from './app-settings.repo.js';

/** The multipart file field of `update-basic-settings`. */
export const LOGO_FIELD = 'logo';
/** The logo is an `images` row of owner type 'app-logo' under this fixed owner id (one logo). */
export const LOGO_OWNER_ID = '00000000-0000-4000-8000-000000000001';

/** What the product uses until an admin saves the basic settings. */
export const DEFAULT_BASIC_SETTINGS: Omit<BasicSettings, 'updatedAt'> = {
  productName: DEFAULT_BRANDING.productName,
  logoUrl: null,
  supportEmail: '',
  supportPhone: '',
  timeZone: DEFAULT_TIME_ZONE,
  currencySymbol: DEFAULT_BRANDING.currencySymbol,
  sessionIdleMinutes: 480,
  maintenanceMode: false,
  maintenanceMessage: '',
};

type StoredBasic = Omit<BasicSettings, 'updatedAt'>;

/** The stored document read field by field over the defaults (a missing or odd field: default). */
const readBasic = (value: Record<string, unknown> | undefined): StoredBasic => {
  const d = DEFAULT_BASIC_SETTINGS;
  const v = value ?? {};
  const text = (key: keyof StoredBasic, fallback: string): string => {
    const found = v[key];
    return typeof found === 'string' ? found : fallback;
  };
  return {
    productName: text('productName', d.productName),
    logoUrl: typeof v.logoUrl === 'string' ? v.logoUrl : null,
    supportEmail: text('supportEmail', d.supportEmail),
    supportPhone: text('supportPhone', d.supportPhone),
    timeZone: text('timeZone', d.timeZone),
    currencySymbol: text('currencySymbol', d.currencySymbol),
    sessionIdleMinutes:
      typeof v.sessionIdleMinutes === 'number' && Number.isInteger(v.sessionIdleMinutes)
        ? v.sessionIdleMinutes
        : d.sessionIdleMinutes,
    maintenanceMode: typeof v.maintenanceMode === 'boolean' ? v.maintenanceMode : false,
    maintenanceMessage: text('maintenanceMessage', d.maintenanceMessage),
  };
};

/** The part every screen shows (`client-config`'s `branding`). */
const brandingOf = (settings: StoredBasic): Branding => ({
  productName: settings.productName,
  logoUrl: settings.logoUrl,
  currencySymbol: settings.currencySymbol,
  timeZone: settings.timeZone,
});

const sameBranding = (a: Branding, b: Branding) =>
  a.productName === b.productName &&
  a.logoUrl === b.logoUrl &&
  a.currencySymbol === b.currencySymbol &&
  a.timeZone === b.timeZone;

const presentBasic = (row: AppSettingRow | undefined): BasicSettings => ({
  ...readBasic(row?.value),
  updatedAt: row ? row.updatedAt.toISOString() : null,
});

/** The logo is shown from its smallest WebP variant (≤ 320 px wide), else the original. */
const logoUrlOf = (storage: StorageDriver, image: StoredImage) =>
  storage.publicUrl(image.variants[0]?.key ?? image.fileKey);

export interface BasicSettingsServiceDeps {
  db: Database;
  now: () => Date;
  storage: StorageDriver;
  pipeline: ImagePipeline;
  /**
   * `service-status` goes to every socket when maintenance mode changes, `branding-changed` when
   * the product name, logo, currency symbol or time zone do (through the adapter: every process).
   */
  realtime: Pick<Realtime, 'broadcast' | 'notifyPeers' | 'onPeerSignal'>;
}

/**
 * Basic settings (issue 9): product name, logo, support contacts, time zone, currency, the idle
 * timeout of `Session` sign-ins and maintenance mode (DESIGN §7). The guard asks for maintenance
 * mode and the auth service for the idle timeout on every request, so the document is cached in
 * memory and dropped after each save, here and (peer signal) in every other process.
 */
export const createBasicSettingsService = ({
  db,
  now,
  storage,
  pipeline,
  realtime,
}: BasicSettingsServiceDeps) => {
  let cached: Promise<BasicSettings> | undefined;

  const get = (): Promise<BasicSettings> => {
    if (!cached) {
      const loading = findSetting(db, 'basic').then(presentBasic);
      cached = loading;
      loading.catch(() => {
        if (cached === loading) cached = undefined;
      });
    }
    return cached;
  };

  const invalidate = () => {
    cached = undefined;
  };
  realtime.onPeerSignal('basic-settings-changed', invalidate);

  /** What `client-config` answers as `branding` (the cached document: a memory read). */
  const branding = async (): Promise<Branding> => brandingOf(await get());

  const maintenanceOn = async () => (await get()).maintenanceMode;

  /** Idle expiry of `Session` tokens, from the settings. */
  const sessionIdleMs = async () => (await get()).sessionIdleMinutes * 60_000;

  /** The public `service-status`: false while maintenance is on, with the admin's note. */
  const serviceStatus = async (): Promise<ServiceStatus> => {
    const settings = await get();
    return settings.maintenanceMode
      ? { active: false, message: settings.maintenanceMessage }
      : { active: true, message: '' };
  };

  /**
   * Saves the whole document (multipart: the contract's text fields, an optional `logo` image
   * through the media pipeline, `removeLogo`). Files are written before the transaction and
   * removed again if it fails; the old logo's files are deleted after the commit. Turning
   * maintenance on or off tells every open socket (`service-status`).
   */
  const update = async (
    auth: AuthContext,
    read: FormReader,
    requestLog?: FastifyBaseLogger,
  ): Promise<BasicSettings> => {
    const { row, obsolete, wasOn, brandingBefore } = await withStoredFiles(
      storage,
      async (batch) => {
        const { form, files } = await receiveImageForm(
          read,
          {
            text: fieldNames(updateBasicSettingsFieldsSchema),
            indexed: [],
            files: [LOGO_FIELD],
            maxFiles: { [LOGO_FIELD]: 1 },
          },
          pipeline,
          batch,
        );
        const fields = parseFields(updateBasicSettingsFieldsSchema, form.text);
        const logo = files[LOGO_FIELD]?.[0];
        return transaction(db, async (tx) => {
          const before = readBasic((await lockSetting(tx, 'basic', {})).value);
          let obsolete: string[] = [];
          let logoUrl = before.logoUrl;
          if (logo) {
            const old = await replaceSingleImage(tx, 'app-logo', LOGO_OWNER_ID, logo);
            obsolete = old.flatMap(imageFileKeys);
            logoUrl = logoUrlOf(storage, logo);
          } else if (fields.removeLogo) {
            const old = await deleteImagesOf(tx, 'app-logo', LOGO_OWNER_ID);
            obsolete = old.flatMap(imageFileKeys);
            logoUrl = null;
          }
          const value: StoredBasic = {
            productName: fields.productName,
            logoUrl,
            supportEmail: fields.supportEmail,
            supportPhone: fields.supportPhone,
            timeZone: fields.timeZone,
            currencySymbol: fields.currencySymbol,
            sessionIdleMinutes: fields.sessionIdleMinutes,
            maintenanceMode: fields.maintenanceMode,
            maintenanceMessage: fields.maintenanceMessage,
          };
          const row = await upsertSetting(tx, 'basic', value, auth.admin.id, now());
          return {
            row,
            obsolete,
            wasOn: before.maintenanceMode,
            brandingBefore: brandingOf(before),
          };
        });
      },
      requestLog,
    );
    invalidate();
    realtime.notifyPeers('basic-settings-changed');
    await deleteFiles(storage, obsolete, requestLog);
    const saved = presentBasic(row);
    if (saved.maintenanceMode !== wasOn) {
      const event: ServiceStatusEvent = { active: !saved.maintenanceMode };
      realtime.broadcast(SOCKET_EVENTS.serviceStatus, event);
    }
    // The new branding rides along: a page that refetched instead could reach a process whose
    // cache has not heard the peer signal yet.
    const branding = brandingOf(saved);
    if (!sameBranding(branding, brandingBefore)) {
      const event: BrandingChangedEvent = { branding };
      realtime.broadcast(SOCKET_EVENTS.brandingChanged, event);
    }
    return saved;
  };

  return { get, update, invalidate, branding, maintenanceOn, sessionIdleMs, serviceStatus };
};

export type BasicSettingsService = ReturnType<typeof createBasicSettingsService>;
