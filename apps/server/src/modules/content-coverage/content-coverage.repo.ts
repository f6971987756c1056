import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { MonthCode } from '@safarnama/contract';
import { rowsOf, type Executor } from '../../db/client.js';
import {
  countries,
  itineraries,
  placeBlogs,
  placeDetails,
  places,
  states,
} from '../../db/schema/index.js';
import { containsText, lowered } from '../../db/search.js';

/** Which places the grid covers: active ones, optionally of a country, a state, a name. */
export interface CoverageFilter {
  countryId?: string | undefined;
  stateId?: string | undefined;
  search?: string | undefined;
}

const whereOf = ({ countryId, stateId, search }: CoverageFilter): SQL | undefined =>
  and(
    eq(places.isActive, true),
    countryId ? eq(places.countryId, countryId) : undefined,
    stateId ? eq(places.stateId, stateId) : undefined,
    search ? containsText(lowered(places.name), search) : undefined,
  );

const num = (value: unknown) => Number(value ?? 0);

export interface CoverageRow {
  id: string;
  name: string;
  countryId: string;
  countryName: string;
  stateId: string;
  stateName: string;
  /** The place's details: one per month it has. */
  details: { id: string; month: MonthCode; issues: string[] }[];
  blogCount: number;
  activeItineraryCount: number;
}

/**
 * One page of places in name order with everything the grid draws for them, in one statement:
 * the page is cut first (by `lower(name), id`), then each of its places gets its details (the
 * `place_details_place_month_key` index), its blog count and its active itinerary count — no
 * query per place or per cell.
 */
export const coveragePage = async (
  db: Executor,
  filter: CoverageFilter,
  limit: number,
  offset: number,
): Promise<CoverageRow[]> => {
  const result = await db.execute(sql`
    select page.id, page.name, page.country_id, page.state_id,
      (select ${countries.name} from ${countries} where ${countries.id} = page.country_id) as country_name,
      (select ${states.name} from ${states} where ${states.id} = page.state_id) as state_name,
      coalesce((
        select json_agg(json_build_object('id', d.id, 'month', d.month, 'issues', d.quality_issues))
        from ${placeDetails} d where d.place_id = page.id
      ), '[]') as details,
      (select count(*) from ${placeBlogs} b where b.place_id = page.id) as blog_count,
      (select count(*) from ${itineraries} i where i.place_id = page.id and i.is_active) as itinerary_count
    from (
      select ${places.id} as id, ${places.name} as name, ${places.countryId} as country_id,
             ${places.stateId} as state_id
      from ${places}
      where ${whereOf(filter)}
      order by lower(${places.name}), ${places.id}
      limit ${limit} offset ${offset}
    ) page
    order by lower(page.name), page.id`);
  return rowsOf(result).map((r) => ({
    id: String(r.id),
    name: String(r.name),
    countryId: String(r.country_id),
    countryName: String(r.country_name ?? ''),
    stateId: String(r.state_id),
    stateName: String(r.state_name ?? ''),
    details: (typeof r.details === 'string'
      ? JSON.parse(r.details)
      : r.details) as CoverageRow['details'],
    blogCount: num(r.blog_count),
    activeItineraryCount: num(r.itinerary_count),
  }));
};

export interface CoverageMonthCounts {
  month: MonthCode;
  complete: number;
  incomplete: number;
}

/**
 * How many places the filter selects, and per month how many of them have complete and
 * incomplete details (the rest are missing): two aggregate statements over the selected places,
 * the details read index-only (`place_details_coverage_idx`).
 */
export const coverageCounts = async (
  db: Executor,
  filter: CoverageFilter,
): Promise<{ places: number; months: CoverageMonthCounts[] }> => {
  const where = whereOf(filter);
  const [placeCount, monthCounts] = await Promise.all([
    db.execute(sql`select count(*) as n from ${places} where ${where}`),
    db.execute(sql`
      select d.month,
        count(*) filter (where d.quality_ok) as complete,
        count(*) filter (where not d.quality_ok) as incomplete
      from ${placeDetails} d
      join ${places} on ${places.id} = d.place_id
      where ${where}
      group by d.month`),
  ]);
  return {
    places: num(rowsOf(placeCount)[0]?.n),
    months: rowsOf(monthCounts).map((r) => ({
      month: String(r.month) as MonthCode,
      complete: num(r.complete),
      incomplete: num(r.incomplete),
    })),
  };
};

export interface EmptiestPlace {
  placeId: string;
  name: string;
  complete: number;
  incomplete: number;
}

/**
 * The dashboard's card in one statement: every active place's complete and incomplete months
 * (the details read index-only), their sums, and the places with the fewest complete months,
 * then the fewest incomplete, then by name.
 */
export const coverageSummary = async (
  db: Executor,
  limit: number,
): Promise<{ places: number; complete: number; incomplete: number; emptiest: EmptiestPlace[] }> => {
  const result = await db.execute(sql`
    with per_place as (
      select p.id, p.name, coalesce(d.complete, 0) as complete, coalesce(d.incomplete, 0) as incomplete
      from ${places} p
      left join (
        select place_id,
          count(*) filter (where quality_ok) as complete,
          count(*) filter (where not quality_ok) as incomplete
        from ${placeDetails} group by place_id
      ) d on d.place_id = p.id
      where p.is_active
    )
    select count(*) as places, coalesce(sum(complete), 0) as complete,
      coalesce(sum(incomplete), 0) as incomplete,
      coalesce((
        select json_agg(json_build_object('placeId', e.id, 'name', e.name, 'complete', e.complete,
                                          'incomplete', e.incomplete))
        from (
          select id, name, complete, incomplete from per_place where complete < 12
          order by complete, incomplete, lower(name), id limit ${limit}
        ) e
      ), '[]') as emptiest
    from per_place`);
  const row = rowsOf(result)[0] ?? {};
  const emptiest = (
    typeof row.emptiest === 'string' ? JSON.parse(row.emptiest) : (row.emptiest ?? [])
  ) as EmptiestPlace[];
  return {
    places: num(row.places),
    complete: num(row.complete),
    incomplete: num(row.incomplete),
    emptiest: emptiest.map((p) => ({
      ...p,
      complete: num(p.complete),
      incomplete: num(p.incomplete),
    })),
  };
};
