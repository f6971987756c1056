import type { z } from 'zod';
import {
  SETTINGS_MESSAGES as M,
  makePagination,
  type AllowedIp,
  type AllowedIpList,
  type ListQuery,
  type addIpRequestSchema,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { noteEntity, transaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AuthContext } from '../../http/access.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { createAllowList, normalizeIp, parseCidr, type AllowList } from '../../lib/ip-allow.js';
import type { Realtime } from '../../realtime/hub.js';
import {
  allCidrs,
  deleteAllowedIp,
  findAllowedIp,
  findAllowedIpByCidr,
  insertAllowedIp,
  listAllowedIps,
  lockAllowedIps,
} from './ip-list.repo.js';
import { presentAllowedIp } from './settings.present.js';

export type AddIpData = z.output<typeof addIpRequestSchema>;

export interface IpListServiceDeps {
  db: Database;
  now: () => Date;
  /** Open sockets are checked again after a change (`readmit`). */
  realtime: Pick<Realtime, 'readmit' | 'notifyPeers' | 'onPeerSignal'>;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * The allowed-IP list (DESIGN §4). Empty = every address may call; otherwise only addresses inside
 * an entry reach the admin API and the socket. The list is read on every guarded request, so it is
 * cached in memory and dropped after each change, by this process and, through the realtime
 * hub's peer signal, by every other one. A change that would leave the
 * caller's own address outside a non-empty list is refused, naming the address.
 */
export const createIpListService = ({ db, now, realtime, log }: IpListServiceDeps) => {
  let cached: Promise<AllowList> | undefined;

  /** The list as enforced; loaded once and kept until a change drops it. */
  const allowList = (): Promise<AllowList> => {
    if (!cached) {
      const loading = allCidrs(db).then(createAllowList);
      cached = loading;
      // A failed load (database unreachable) is not kept: the next request tries again.
      loading.catch(() => {
        if (cached === loading) cached = undefined;
      });
    }
    return cached;
  };

  const invalidate = () => {
    cached = undefined;
  };

  const allows = async (ip: string): Promise<boolean> => (await allowList()).allows(ip);

  /** Another process changed the list: same as here, without telling the others again. */
  const changedElsewhere = async () => {
    invalidate();
    await realtime.readmit();
  };
  realtime.onPeerSignal('ip-list-changed', changedElsewhere);

  /** After a committed change: drop the cache and close sockets the new list refuses. */
  const changed = async () => {
    invalidate();
    realtime.notifyPeers('ip-list-changed');
    try {
      await realtime.readmit();
    } catch (err) {
      log.warn({ err }, 'could not re-check open sockets against the allowed-IP list');
    }
  };

  const lockout = (callerIp: string) => new Conflict(M.ipLockout(normalizeIp(callerIp)));

  const list = async (query: ListQuery, callerIp: string): Promise<AllowedIpList> => {
    const { rows, ...counted } = await listAllowedIps(db, query);
    return {
      ips: rows.map(presentAllowedIp),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
      currentIp: normalizeIp(callerIp),
    };
  };

  const add = async (input: AddIpData, auth: AuthContext, callerIp: string): Promise<AllowedIp> => {
    const parsed = parseCidr(input.ip);
    if (!parsed) throw new ValidationError([{ path: 'ip', message: M.ipInvalid }], M.ipInvalid);
    try {
      const row = await transaction(db, async (tx) => {
        await lockAllowedIps(tx);
        if (await findAllowedIpByCidr(tx, parsed.cidr)) throw new Conflict(M.ipDuplicate);
        const after = createAllowList([...(await allCidrs(tx)), parsed.cidr]);
        if (!after.allows(callerIp)) throw lockout(callerIp);
        const inserted = await insertAllowedIp(tx, {
          cidr: parsed.cidr,
          label: input.label,
          createdById: auth.admin.id,
          createdAt: now(),
        });
        noteEntity(inserted.id);
        return inserted;
      });
      await changed();
      return presentAllowedIp({
        row,
        createdBy: { id: auth.admin.id, name: auth.admin.name },
      });
    } catch (err) {
      if (isUniqueViolation(err, 'allowed_ips_cidr_key')) throw new Conflict(M.ipDuplicate);
      throw err;
    }
  };

  const remove = async (id: string, callerIp: string): Promise<{ _id: string; id: string }> => {
    await transaction(db, async (tx) => {
      await lockAllowedIps(tx);
      const row = await findAllowedIp(tx, id);
      if (!row) throw new NotFound(M.ipNotFound);
      const rest = (await allCidrs(tx)).filter((cidr) => cidr !== row.cidr);
      // Removing the last entry opens the list to everyone: never a lock-out.
      if (!createAllowList(rest).allows(callerIp)) throw lockout(callerIp);
      await deleteAllowedIp(tx, id);
    });
    await changed();
    return { _id: id, id };
  };

  return { allowList, allows, invalidate, list, add, remove };
};

export type IpListService = ReturnType<typeof createIpListService>;
