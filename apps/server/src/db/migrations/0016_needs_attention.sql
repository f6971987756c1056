-- Issue 23: the "Needs attention" lists (records failing a content-quality rule, newest first)
-- and their counts walk these small partial indexes, not the whole table: the predicate is the one
-- the list queries write (db/quality.ts).
CREATE INDEX "place_details_needs_attention_idx" ON "place_details" USING btree ("created_at","id") WHERE "place_details"."quality_issues" <> '{}'::text[];--> statement-breakpoint
CREATE INDEX "place_blogs_needs_attention_idx" ON "place_blogs" USING btree ("created_at","id") WHERE "place_blogs"."quality_issues" <> '{}'::text[];--> statement-breakpoint
CREATE INDEX "itineraries_needs_attention_idx" ON "itineraries" USING btree ("created_at","id") WHERE "itineraries"."quality_issues" <> '{}'::text[];