-- Issue 22: the itinerary builder. Itineraries take highlights, inclusions, exclusions, seasonal /
-- group price bands and GST settings (days keep their places, meals, stay, transfer and image in the
-- daily_itinerary JSON); places take coordinates; itinerary_share_links holds the public links
-- (SHA-256 of the token only), deleted with their itinerary.
CREATE TABLE "itinerary_share_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"itinerary_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "highlights" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "inclusions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "exclusions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "price_bands" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "gst_rate" numeric(4, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "gst_included" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "itinerary_share_links" ADD CONSTRAINT "itinerary_share_links_itinerary_id_itineraries_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itineraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itinerary_share_links" ADD CONSTRAINT "itinerary_share_links_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "itinerary_share_links_token_key" ON "itinerary_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "itinerary_share_links_itinerary_idx" ON "itinerary_share_links" USING btree ("itinerary_id","created_at");--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_coordinates_check" CHECK (("places"."latitude" is null and "places"."longitude" is null) or ("places"."latitude" between -90 and 90 and "places"."longitude" between -180 and 180));--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_gst_rate_check" CHECK ("itineraries"."gst_rate" >= 0 and "itineraries"."gst_rate" <= 28);