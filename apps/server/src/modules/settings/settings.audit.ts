import { eq } from 'drizzle-orm';
import { byId, type AuditRule, type EntityLoader } from '../../http/audit.js';
import { allowedIps, appSettings, communicationSettings } from '../../db/schema/index.js';
import { displayCidr } from './settings.present.js';

/** An allowed-IP entry, its address as the list shows it (`ip`, for the summary line). */
const allowedIpLoader: EntityLoader = async (db, id) => {
  const row = await byId(allowedIps)(db, id);
  return row && { ...row, ip: displayCidr(String(row.cidr)) };
};

/** One channel's settings by type; `secretEnc` is masked like every secret-looking key. */
const channelLoader: EntityLoader = async (db, type) => {
  if (type !== 'email' && type !== 'sms' && type !== 'whatsapp') return undefined;
  const [row] = await db
    .select({
      isActive: communicationSettings.isActive,
      settings: communicationSettings.settings,
      secretEnc: communicationSettings.secretEnc,
    })
    .from(communicationSettings)
    .where(eq(communicationSettings.type, type))
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

/**
 * Audit rules of the settings routes (http/audit.ts). Channel secrets never reach the log: the
 * request's secret field and the stored `secretEnc` are masked by key (SECRET_KEY), at any depth.
 */
export const SETTINGS_AUDIT = {
  addIp: { action: 'create', entityType: 'allowed-ip', load: allowedIpLoader },
  deleteIp: { action: 'delete', entityType: 'allowed-ip', load: allowedIpLoader },
  saveCommunication: {
    action: 'update',
    entityType: 'communication-settings',
    load: channelLoader,
    id: ({ payload }) => payload.type,
  },
  testCommunication: {
    action: 'test',
    entityType: 'communication-settings',
    id: ({ payload }) => payload.type,
    summary: 'Sent a test message through a communication channel',
  },
  updateBasic: {
    action: 'update',
    entityType: 'basic-settings',
    load: settingsDocLoader('basic'),
    id: () => 'basic',
  },
  updatePolicies: {
    action: 'update',
    entityType: 'policy-settings',
    load: settingsDocLoader('policies'),
    id: () => 'policies',
  },
} satisfies Record<string, AuditRule>;
