CREATE TABLE "homepage_blogs" (
	"blog_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "homepage_blogs_blog_id_pk" PRIMARY KEY("blog_id")
);
--> statement-breakpoint
CREATE TABLE "homepage_destinations" (
	"place_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "homepage_destinations_place_id_pk" PRIMARY KEY("place_id")
);
--> statement-breakpoint
CREATE TABLE "homepage_packages" (
	"itinerary_id" uuid NOT NULL,
	"display_order" integer NOT NULL,
	CONSTRAINT "homepage_packages_itinerary_id_pk" PRIMARY KEY("itinerary_id")
);
--> statement-breakpoint
CREATE TABLE "homepage_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homepage_settings_singleton_check" CHECK ("homepage_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "homepage_blogs" ADD CONSTRAINT "homepage_blogs_blog_id_place_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."place_blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homepage_destinations" ADD CONSTRAINT "homepage_destinations_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homepage_packages" ADD CONSTRAINT "homepage_packages_itinerary_id_itineraries_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itineraries"("id") ON DELETE cascade ON UPDATE no action;