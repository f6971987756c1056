-- Communication channels start inactive; tested_at = when a test send through the settings as
-- saved succeeded (activating needs it, or an explicit confirmation). Existing rows keep their state.
ALTER TABLE "communication_settings" ALTER COLUMN "is_active" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "communication_settings" ADD COLUMN "tested_at" timestamp with time zone;