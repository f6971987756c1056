-- Media (DESIGN §6) and image libraries. pg_trgm is created by 0000; the search index is a trigram
-- GIN on the same expression the list query matches with ILIKE (libraries.repo.ts).
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"placeholder" text NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_mime_type_check" CHECK ("images"."mime_type" in ('image/jpeg', 'image/png', 'image/gif', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "image_libraries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"month" text DEFAULT 'All Months' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_libraries_status_check" CHECK ("image_libraries"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "image_libraries" ADD CONSTRAINT "image_libraries_author_id_admin_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_type","owner_id","sort_order");--> statement-breakpoint
CREATE INDEX "image_libraries_created_idx" ON "image_libraries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "image_libraries_search_trgm_idx" ON "image_libraries" USING gin (("title" || ' ' || "description" || ' ' || "month") gin_trgm_ops);