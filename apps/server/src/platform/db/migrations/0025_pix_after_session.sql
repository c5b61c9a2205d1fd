ALTER TABLE "charges" ADD COLUMN "pix_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "pix_message_problem" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "pix_timing" text DEFAULT 'reminder' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "pix_after_minutes" integer DEFAULT 60 NOT NULL;