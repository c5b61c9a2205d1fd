CREATE TABLE "calendar_busy_intervals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "busy_calendar_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "busy_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "busy_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "busy_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "busy_error" text;--> statement-breakpoint
ALTER TABLE "calendar_busy_intervals" ADD CONSTRAINT "calendar_busy_intervals_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_intervals_professional_idx" ON "calendar_busy_intervals" USING btree ("professional_id","starts_at");