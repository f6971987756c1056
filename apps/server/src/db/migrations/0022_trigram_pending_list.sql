-- Trigram indexes keep a short pending list (256 kB instead of 4 MB; schema/columns.ts
-- TRIGRAM_PENDING_LIST_KB). The same end state as drizzle-kit's drop and re-create, without
-- rebuilding the indexes.
ALTER INDEX "image_libraries_search_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "countries_name_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "places_name_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "states_name_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "place_details_month_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "place_blogs_search_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "place_blogs_content_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "itineraries_search_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "admin_activities_search_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "scheduled_notifications_search_idx" SET (gin_pending_list_limit=256);
