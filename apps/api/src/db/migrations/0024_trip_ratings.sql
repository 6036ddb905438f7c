CREATE TABLE "trip_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"rater_company_id" uuid NOT NULL,
	"rated_company_id" uuid NOT NULL,
	"rater_side" text NOT NULL,
	"score" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"comment_hidden_at" timestamp with time zone,
	"comment_hidden_by" uuid,
	"comment_hidden_reason" text,
	CONSTRAINT "trip_ratings_score_range" CHECK ("trip_ratings"."score" BETWEEN 1 AND 5),
	CONSTRAINT "trip_ratings_rater_side" CHECK ("trip_ratings"."rater_side" IN ('customer', 'transporter'))
);
--> statement-breakpoint
ALTER TABLE "trip_ratings" ADD CONSTRAINT "trip_ratings_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_ratings" ADD CONSTRAINT "trip_ratings_rater_company_id_companies_id_fk" FOREIGN KEY ("rater_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_ratings" ADD CONSTRAINT "trip_ratings_rated_company_id_companies_id_fk" FOREIGN KEY ("rated_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_ratings" ADD CONSTRAINT "trip_ratings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_ratings" ADD CONSTRAINT "trip_ratings_comment_hidden_by_users_id_fk" FOREIGN KEY ("comment_hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trip_ratings_trip_side_uq" ON "trip_ratings" USING btree ("trip_id","rater_side");--> statement-breakpoint
CREATE INDEX "trip_ratings_rated_idx" ON "trip_ratings" USING btree ("rated_company_id","rater_side");