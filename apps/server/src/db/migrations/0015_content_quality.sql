-- Issue 23: each itinerary, blog and place-details record keeps the codes of the content-quality
-- rules it fails (contract quality.ts) and the rules' version they were computed with; rows of an
-- older version (all of them, here) are computed again by the server's background sweep.
ALTER TABLE "place_details" ADD COLUMN "quality_issues" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "place_details" ADD COLUMN "quality_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "place_blogs" ADD COLUMN "quality_issues" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "place_blogs" ADD COLUMN "quality_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "quality_issues" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "quality_version" integer DEFAULT 0 NOT NULL;