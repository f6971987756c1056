CREATE INDEX "images_owner_order_idx" ON "images" USING btree ("owner_type","owner_id","sort_order","id");--> statement-breakpoint
DROP INDEX "images_owner_idx";