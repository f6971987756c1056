-- Writes of the versioned records (issue 21's budget: a revision adds under 2 ms to an update).
-- All of one record's images whatever their kind: the audit loads them before and after every change
-- of an itinerary, place, blog or library, and a restore reads them (owner_id alone could only scan
-- the whole images_owner_idx, which leads with owner_type: 15 ms a load at 100k itineraries).
CREATE INDEX "images_owner_id_idx" ON "images" USING btree ("owner_id");--> statement-breakpoint
-- A revision's snapshot (about 3 kB) is compressed as it is written: lz4 costs a third of pglz's
-- time there. A server built without lz4 keeps pglz.
DO $$
BEGIN
  ALTER TABLE "revisions" ALTER COLUMN "snapshot" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 is not available: revision snapshots keep pglz';
END
$$;
