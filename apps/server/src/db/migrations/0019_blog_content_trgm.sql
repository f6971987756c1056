-- Issue 24: "where used" looks for the blogs whose text names an image (its file key's stem, in an
-- <img> or a link written around the API, or a link to an upload); a trigram index on the content
-- answers that LIKE '%<stem>%' without reading every blog's text.
CREATE INDEX "place_blogs_content_trgm_idx" ON "place_blogs" USING gin ("content" gin_trgm_ops);
