import { asc } from 'drizzle-orm';
import type { AuditRule, EntityLoader } from '../../http/audit.js';
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
    trendingDestinations: destinations.map((d) => d.id),
    tourPackages: packages,
    blogs: blogs.map((b) => b.id),
  };
};

/** Audit rules of the homepage routes (http/audit.ts). */
export const HOMEPAGE_AUDIT = {
  update: {
    action: 'update',
    entityType: 'homepage-settings',
    load: homepageLoader,
    id: () => null,
  },
} satisfies Record<string, AuditRule>;
