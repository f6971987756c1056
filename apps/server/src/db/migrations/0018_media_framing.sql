-- Issue 24: every image's difference hash (near-identical uploads are found by comparing it bit by
-- bit), its focal point (null: the centre) and the cropped variants cut around it.
ALTER TABLE "images" ADD COLUMN "phash" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "focal_x" real;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "focal_y" real;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "crops" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_focal_point_check" CHECK (("images"."focal_x" is null and "images"."focal_y" is null) or ("images"."focal_x" between 0 and 1 and "images"."focal_y" between 0 and 1));