import {
  API_PATHS,
  HOMEPAGE_LINEUPS_MAX_SCHEDULED,
  type HomepageLineup,
  type HomepageLineupInput,
  type HomepageLineupList,
  type HomepageLineupStatus,
} from '@safarnama/contract';
import {
  call,
  createRequest,
  dataOf,
  getQuery,
  ifOk,
  injectEndpoints,
  mutation,
  recordOf,
} from '../../app/api';
import { getErrorStatus } from '../../lib/errors';

const PATHS = API_PATHS.homepageLineups;

/**
 * The lineups' lists are tagged under the homepage's own tag type (a new type would grow the
 * sign-in bundle, which holds the tag list); a write also refreshes the dashboard's upcoming card.
 */
const LINEUPS = { type: 'HomepageSettings', id: 'LINEUPS' } as const;
const CHANGED = ifOk([LINEUPS, 'Dashboard']);
/** A change refused because the lineup is no longer waiting (applied meanwhile) reloads too. */
const STALE = (_arg: unknown, error: unknown) =>
  !error || getErrorStatus(error) === 404 || getErrorStatus(error) === 409
    ? [LINEUPS, 'Dashboard' as const]
    : [];

/** One status, newest page first (the waiting ones soonest first), at most `limit`. */
export interface HomepageLineupListArgs {
  status: HomepageLineupStatus;
  limit?: number;
}

/**
 * Scheduled homepage lineups (issue 21, contract `schedule.ts`): a whole homepage configuration
 * that replaces the live one at `startsAt`. In its own file so the Homepage Settings page chunk
 * does not carry it: `HomepageLineups.tsx` (lazy) is its only user.
 */
export const homepageLineupsApi = injectEndpoints({
  listHomepageLineups: getQuery(
    ({ status, limit = HOMEPAGE_LINEUPS_MAX_SCHEDULED }: HomepageLineupListArgs) => ({
      url: PATHS.list,
      params: { status, page: 1, limit },
    }),
    dataOf<HomepageLineupList>,
    [LINEUPS],
  ),
  /** POST `{data: lineup}` with the dialog's `Idempotency-Key` (a retry schedules it once). */
  createHomepageLineup: mutation(
    createRequest<HomepageLineupInput>(PATHS.create),
    recordOf<HomepageLineup>,
    CHANGED,
  ),
  /** PUT `{data: lineup}`: only while it is still scheduled. */
  updateHomepageLineup: mutation(
    ({ id, input }: { id: string; input: HomepageLineupInput }) => ({
      url: PATHS.one(id),
      method: 'PUT',
      body: { data: input },
    }),
    recordOf<HomepageLineup>,
    STALE,
  ),
  /** DELETE: cancels a waiting lineup (its status becomes 'cancelled'). */
  cancelHomepageLineup: mutation(call<string>('DELETE', PATHS.one), () => null, STALE),
});

export const { useListHomepageLineupsQuery } = homepageLineupsApi;
export const {
  useCreateHomepageLineupMutation,
  useUpdateHomepageLineupMutation,
  useCancelHomepageLineupMutation,
} = homepageLineupsApi;
