ALTER TABLE "tracking_devices" ADD COLUMN "linked_at" timestamp with time zone;--> statement-breakpoint
-- Devices already on a truck have followed it at least since they were added.
UPDATE "tracking_devices" SET "linked_at" = "created_at" WHERE "truck_id" IS NOT NULL;
