-- Searches match lower-cased text with LIKE (db/search.ts): every trigram index is rebuilt on
-- lower(…), and itineraries.search_text is generated lower-cased.
DROP INDEX "image_libraries_search_trgm_idx";--> statement-breakpoint
DROP INDEX "countries_name_trgm_idx";--> statement-breakpoint
DROP INDEX "places_name_trgm_idx";--> statement-breakpoint
DROP INDEX "states_name_trgm_idx";--> statement-breakpoint
DROP INDEX "place_details_month_trgm_idx";--> statement-breakpoint
DROP INDEX "place_blogs_search_trgm_idx";--> statement-breakpoint
DROP INDEX "admin_activities_search_idx";--> statement-breakpoint
DROP INDEX "scheduled_notifications_search_idx";--> statement-breakpoint
ALTER TABLE "itineraries" drop column "search_text";--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || type || ' ' || regexp_replace(description, '<[^>]*>', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
-- Dropping the column dropped its trigram index: built again on the lower-cased text.
CREATE INDEX "itineraries_search_trgm_idx" ON "itineraries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "image_libraries_search_trgm_idx" ON "image_libraries" USING gin (lower("title" || ' ' || "description" || ' ' || "month") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "countries_name_trgm_idx" ON "countries" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_name_trgm_idx" ON "places" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "states_name_trgm_idx" ON "states" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "place_details_month_trgm_idx" ON "place_details" USING gin (lower("month") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "place_blogs_search_trgm_idx" ON "place_blogs" USING gin (lower("title" || ' ' || "excerpt" || ' ' || "slug" || ' ' || "tags_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admin_activities_search_idx" ON "admin_activities" USING gin (lower("admin_name" || ' ' || "action" || ' ' || "entity_type" || ' ' || "summary") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scheduled_notifications_search_idx" ON "scheduled_notifications" USING gin (lower("title" || ' ' || "message") gin_trgm_ops);--> statement-breakpoint
-- Statistics of the new column and expressions, so the planner's estimates (and the estimated
-- totals of db/counting.ts) are right from the first search, not after the next autovacuum.
ANALYZE "itineraries", "image_libraries", "countries", "states", "places", "place_details", "place_blogs", "admin_activities", "scheduled_notifications";
