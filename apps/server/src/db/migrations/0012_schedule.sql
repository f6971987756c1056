-- Issue 21: scheduled publishing. Itineraries and blogs take the times still to come (publish_at,
-- unpublish_at; cleared as the scheduler applies them) and the admin who set them; homepage_lineups
-- holds whole homepage configurations that replace the live one at starts_at. Partial indexes keep
-- the scheduler's look-up of due rows to the few rows that have a time.
CREATE TABLE "homepage_lineups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"selection" jsonb NOT NULL,
	"created_by" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"dropped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_reason" text,
	CONSTRAINT "homepage_lineups_status_check" CHECK ("homepage_lineups"."status" in ('scheduled', 'applied', 'cancelled', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "place_blogs" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "place_blogs" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "place_blogs" ADD COLUMN "schedule_by" uuid;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "schedule_by" uuid;--> statement-breakpoint
ALTER TABLE "homepage_lineups" ADD CONSTRAINT "homepage_lineups_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homepage_lineups_due_idx" ON "homepage_lineups" USING btree ("starts_at","id") WHERE "homepage_lineups"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "homepage_lineups_starts_idx" ON "homepage_lineups" USING btree ("starts_at","id");--> statement-breakpoint
ALTER TABLE "place_blogs" ADD CONSTRAINT "place_blogs_schedule_by_admin_users_id_fk" FOREIGN KEY ("schedule_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_schedule_by_admin_users_id_fk" FOREIGN KEY ("schedule_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_blogs_publish_at_idx" ON "place_blogs" USING btree ("publish_at") WHERE "place_blogs"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "place_blogs_unpublish_at_idx" ON "place_blogs" USING btree ("unpublish_at") WHERE "place_blogs"."unpublish_at" is not null;--> statement-breakpoint
CREATE INDEX "itineraries_publish_at_idx" ON "itineraries" USING btree ("publish_at") WHERE "itineraries"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "itineraries_unpublish_at_idx" ON "itineraries" USING btree ("unpublish_at") WHERE "itineraries"."unpublish_at" is not null;