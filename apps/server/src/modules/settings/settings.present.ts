import {
  CHANNEL_SECRET_FIELDS,
  maskSecret,
  type AllowedIp,
  type CommunicationSettings,
  type CommunicationType,
} from '@safarnama/contract';
import { parseCidr } from '../../lib/ip-allow.js';
import type { AllowedIpWithAuthor } from './ip-list.repo.js';

/** '203.0.113.7/32' reads as '203.0.113.7'; ranges keep their prefix. */
export const displayCidr = (cidr: string): string => {
  const parsed = parseCidr(cidr);
  if (!parsed) return cidr;
  const full = parsed.family === 'ipv4' ? 32 : 128;
  return parsed.prefix === full ? parsed.network : parsed.cidr;
};

export const presentAllowedIp = ({ row, createdBy }: AllowedIpWithAuthor): AllowedIp => ({
  _id: row.id,
  ip: displayCidr(row.cidr),
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  createdBy: createdBy ? { _id: createdBy.id, name: createdBy.name } : null,
});

export interface ChannelState {
  type: CommunicationType;
  isActive: boolean;
  /** When a test send through these settings last succeeded (null: never, or changed since). */
  testedAt: Date | null;
  /** The non-secret fields as stored. */
  settings: Record<string, unknown>;
  /** The opened secret ('' when none is stored or it cannot be opened). */
  secret: string;
  updatedAt: Date;
  updatedBy: { id: string; name: string } | null;
}

/**
 * A channel as it leaves the server: the non-secret fields plus the secret field MASKED (never the
 * secret itself: SECURITY 13). An unconfigured channel answers `configured: false`.
 */
export const presentChannel = (
  type: CommunicationType,
  state: ChannelState | null,
): CommunicationSettings => {
  if (!state) {
    return {
      type,
      isActive: false,
      configured: false,
      settings: null,
      updatedAt: null,
      updatedBy: null,
      testedAt: null,
    };
  }
  return {
    type,
    isActive: state.isActive,
    configured: true,
    settings: { ...state.settings, [CHANNEL_SECRET_FIELDS[type]]: maskSecret(state.secret) },
    updatedAt: state.updatedAt.toISOString(),
    updatedBy: state.updatedBy ? { _id: state.updatedBy.id, name: state.updatedBy.name } : null,
    testedAt: state.testedAt?.toISOString() ?? null,
  };
};
