ALTER TABLE "trips" ADD COLUMN "eta_typical_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "eta_worst_at" timestamp with time zone;