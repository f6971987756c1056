import {
  API_PATHS,
  HOMEPAGE_SETTINGS_ID,
  type Pagination,
  type RevisionDetail,
  type RevisionEntity,
  type RevisionSummary,
} from '@safarnama/contract';
import { dataOf, getQuery, ifOk, injectEndpoints, mutation, recordOf } from '../../app/api';

const PATHS = API_PATHS.revisions;

/** `GET /revisions` answers `data.revisions` + `data.pagination` (contract `revisionListSchema`). */
export interface RevisionList {
  revisions: RevisionSummary[];
  pagination: Pagination;
}

/** `POST /revisions/{id}/restore` answers the revision the restore wrote and the new version. */
export interface RevisionRestored {
  revision: RevisionSummary;
  version: number;
}

export interface RevisionListArgs {
  entity: RevisionEntity;
  /** The record's id (the homepage settings have one record: `HOMEPAGE_SETTINGS_ID`). */
  id: string;
  page: number;
  limit: number;
}

export interface RestoreRevisionArgs {
  revisionId: string;
  /** The record the revision belongs to: its own queries are refreshed after the restore. */
  entity: RevisionEntity;
  entityId: string;
  /** Restore what still exists, keeping the current images where the snapshot's are gone. */
  withoutMissingImages?: boolean;
}

/** One record's history (the list's tag), so a restore refreshes the list it came from. */
const historyTag = (entity: RevisionEntity, id: string) =>
  ({ type: 'Revision', id: `${entity}:${id}` }) as const;

/**
 * What a restore changes besides the history: the entity's own queries (see each feature's
 * `*.api.ts`), so its list, its one-record query or the homepage editor load the restored values.
 */
const entityTags = (entity: RevisionEntity, id: string) => {
  switch (entity) {
    case 'itinerary':
      return [{ type: 'Itinerary', id: 'LIST' }] as const;
    case 'blog':
      return [{ type: 'Blog', id: 'LIST' }] as const;
    case 'place-details':
      return [
        { type: 'PlaceDetails', id: 'LIST' },
        { type: 'PlaceDetails', id },
      ] as const;
    case 'image-library':
      return [
        { type: 'ImageLibrary', id: 'LIST' },
        { type: 'ImageLibrary', id },
      ] as const;
    case 'homepage-settings':
      return [{ type: 'HomepageSettings', id: 'ONE' }] as const;
  }
};

/**
 * Revisions (issue 21): a record's history newest first, one revision with its diff against the
 * one before, and a restore that makes it current again (as a new revision). Reading needs the
 * entity's view permission, restoring its update permission (the server checks both).
 */
export const revisionsApi = injectEndpoints({
  listRevisions: getQuery(
    ({ entity, id, page, limit }: RevisionListArgs) => ({
      url: PATHS.list,
      params:
        entity === 'homepage-settings' ? { entity, page, limit } : { entity, id, page, limit },
    }),
    dataOf<RevisionList>,
    ({ entity, id }) => [historyTag(entity, id)],
  ),
  getRevision: getQuery(PATHS.one, recordOf<RevisionDetail>, (id: string) => [
    { type: 'Revision', id },
  ]),
  restoreRevision: mutation(
    ({ revisionId, withoutMissingImages }: RestoreRevisionArgs) => ({
      url: PATHS.restore(revisionId),
      method: 'POST',
      body: withoutMissingImages ? { data: { withoutMissingImages: true } } : { data: {} },
    }),
    dataOf<RevisionRestored>,
    ifOk(({ entity, entityId }: RestoreRevisionArgs) => [
      historyTag(entity, entity === 'homepage-settings' ? HOMEPAGE_SETTINGS_ID : entityId),
      ...entityTags(entity, entityId),
    ]),
  ),
});

export const { useListRevisionsQuery, useGetRevisionQuery, useRestoreRevisionMutation } =
  revisionsApi;
