CREATE TABLE "booking_pages" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"min_notice_hours" integer DEFAULT 2 NOT NULL,
	"days_ahead" integer DEFAULT 30 NOT NULL,
	"appointment_types" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_reschedule_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_pages" ADD CONSTRAINT "booking_pages_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reschedule_tokens" ADD CONSTRAINT "booking_reschedule_tokens_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reschedule_tokens" ADD CONSTRAINT "booking_reschedule_tokens_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_pages_slug_key" ON "booking_pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reschedule_tokens_hash_key" ON "booking_reschedule_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "booking_reschedule_tokens_appointment_idx" ON "booking_reschedule_tokens" USING btree ("appointment_id");