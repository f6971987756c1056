import { asc } from 'drizzle-orm';
import { HOMEPAGE_SETTINGS_ID } from '@safarnama/contract';
import type { AuditRule, EntityLoader, RevisionTarget } from '../../http/audit.js';
import {
  homepageBlogs,
  homepageDestinations,
  homepagePackages,
  homepageSettings,
} from '../../db/schema/index.js';

/** The homepage selection as one record (it has no id); read in turn: it runs in a transaction. */
const homepageLoader: EntityLoader = async (db) => {
  const [settings] = await db.select().from(homepageSettings).limit(1);
  const destinations = await db
    .select({ id: homepageDestinations.placeId })
    .from(homepageDestinations)
    .orderBy(asc(homepageDestinations.position));
  const packages = await db
    .select({ _id: homepagePackages.itineraryId, displayOrder: homepagePackages.displayOrder })
    .from(homepagePackages)
    .orderBy(asc(homepagePackages.displayOrder));
  const blogs = await db
    .select({ id: homepageBlogs.blogId })
    .from(homepageBlogs)
    .orderBy(asc(homepageBlogs.position));
  return {
    isActive: settings?.isActive ?? true,
    version: settings?.version ?? 1,
    trendingDestinations: destinations.map((d) => d.id),
    tourPackages: packages,
    blogs: blogs.map((b) => b.id),
  };
};

/** Every save of the homepage settings writes a revision and raises its version (issue 21). */
export const HOMEPAGE_REVISIONS: RevisionTarget = {
  entity: 'homepage-settings',
  table: homepageSettings,
  load: homepageLoader,
  fixedId: HOMEPAGE_SETTINGS_ID,
};

/** Audit rules of the homepage routes (http/audit.ts). */
export const HOMEPAGE_AUDIT = {
  update: {
    action: 'update',
    entityType: 'homepage-settings',
    load: homepageLoader,
    id: () => null,
    revision: HOMEPAGE_REVISIONS,
  },
} satisfies Record<string, AuditRule>;
