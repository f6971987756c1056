-- Geography, place details and blogs (DESIGN §5). Composite foreign keys ON UPDATE CASCADE keep
-- country/state/place consistent when a state or place moves; trigram GIN indexes back every list
-- search (the same expressions the repos match with ILIKE).
CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	"name" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_id_state_country_key" UNIQUE("id","state_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "states_id_country_key" UNIQUE("id","country_id")
);
--> statement-breakpoint
CREATE TABLE "place_details" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"month" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_library_id" uuid,
	"temperature" jsonb,
	"location" jsonb,
	"best_time_to_visit" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "place_details_month_check" CHECK ("place_details"."month" in ('JAN','FEB','MAR','APR','MAY','JUN','JUL','AUG','SEP','OCT','NOV','DEC')),
	CONSTRAINT "place_details_status_check" CHECK ("place_details"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "place_blogs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"country_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags_text" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "place_blogs_status_check" CHECK ("place_blogs"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_state_country_fk" FOREIGN KEY ("state_id","country_id") REFERENCES "public"."states"("id","country_id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_details" ADD CONSTRAINT "place_details_image_library_id_image_libraries_id_fk" FOREIGN KEY ("image_library_id") REFERENCES "public"."image_libraries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_details" ADD CONSTRAINT "place_details_place_fk" FOREIGN KEY ("place_id","state_id","country_id") REFERENCES "public"."places"("id","state_id","country_id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "place_blogs" ADD CONSTRAINT "place_blogs_author_id_admin_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_blogs" ADD CONSTRAINT "place_blogs_place_fk" FOREIGN KEY ("place_id","state_id","country_id") REFERENCES "public"."places"("id","state_id","country_id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_name_lower_key" ON "countries" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "countries_created_idx" ON "countries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "countries_name_trgm_idx" ON "countries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "places_state_name_lower_key" ON "places" USING btree ("state_id",lower("name"));--> statement-breakpoint
CREATE INDEX "places_country_idx" ON "places" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "places_created_idx" ON "places" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "places_name_trgm_idx" ON "places" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_name_lower_key" ON "states" USING btree ("country_id",lower("name"));--> statement-breakpoint
CREATE INDEX "states_created_idx" ON "states" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "states_name_trgm_idx" ON "states" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "place_details_place_month_key" ON "place_details" USING btree ("place_id","month");--> statement-breakpoint
CREATE INDEX "place_details_created_idx" ON "place_details" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "place_details_library_idx" ON "place_details" USING btree ("image_library_id");--> statement-breakpoint
CREATE INDEX "place_details_month_trgm_idx" ON "place_details" USING gin ("month" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "place_blogs_slug_key" ON "place_blogs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "place_blogs_place_idx" ON "place_blogs" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "place_blogs_created_idx" ON "place_blogs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "place_blogs_search_trgm_idx" ON "place_blogs" USING gin (("title" || ' ' || "excerpt" || ' ' || "slug" || ' ' || "tags_text") gin_trgm_ops);