-- Itineraries (spec §3). Composite place FK as geography; search_text is generated (title, type,
-- description without tags) and trigram-indexed; btrees for newest-first and the placeId filter.
CREATE TABLE "itineraries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"duration" text NOT NULL,
	"type" text DEFAULT 'Adventure' NOT NULL,
	"group_size" integer DEFAULT 1 NOT NULL,
	"languages" text[] NOT NULL,
	"price_per_person" integer DEFAULT 0 NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"image_library_id" uuid,
	"months" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"country_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"daily_itinerary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"faqs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (title || ' ' || type || ' ' || regexp_replace(description, '<[^>]*>', ' ', 'g')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "itineraries_type_check" CHECK (type in ('Adventure', 'Leisure', 'Cultural', 'Wildlife', 'Beach', 'Mountain', 'City Tour', 'Religious', 'Educational', 'Honeymoon')),
	CONSTRAINT "itineraries_visibility_check" CHECK ("itineraries"."visibility" in ('public', 'private')),
	CONSTRAINT "itineraries_group_size_check" CHECK ("itineraries"."group_size" >= 1),
	CONSTRAINT "itineraries_price_check" CHECK ("itineraries"."price_per_person" >= 0),
	CONSTRAINT "itineraries_languages_check" CHECK (cardinality(languages) >= 1 and languages <@ array['English', 'Hindi', 'Spanish', 'French', 'German', 'Chinese', 'Japanese', 'Arabic']::text[]),
	CONSTRAINT "itineraries_months_check" CHECK (months <@ array['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']::text[]),
	CONSTRAINT "itineraries_private_no_seo_check" CHECK ("itineraries"."visibility" = 'public' or ("itineraries"."meta_title" = '' and "itineraries"."meta_description" = '' and "itineraries"."faqs" = '[]'::jsonb))
);
--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_image_library_id_image_libraries_id_fk" FOREIGN KEY ("image_library_id") REFERENCES "public"."image_libraries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_place_fk" FOREIGN KEY ("place_id","state_id","country_id") REFERENCES "public"."places"("id","state_id","country_id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "itineraries_place_title_key" ON "itineraries" USING btree ("place_id",lower("title"));--> statement-breakpoint
CREATE INDEX "itineraries_created_idx" ON "itineraries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "itineraries_place_created_idx" ON "itineraries" USING btree ("place_id","created_at","id");--> statement-breakpoint
CREATE INDEX "itineraries_library_idx" ON "itineraries" USING btree ("image_library_id");--> statement-breakpoint
CREATE INDEX "itineraries_search_trgm_idx" ON "itineraries" USING gin ("search_text" gin_trgm_ops);