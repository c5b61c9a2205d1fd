CREATE TABLE "appointment_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"lead_hours" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"mode" text,
	"conversation_id" uuid,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "reminder_lead_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "patient_response" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "patient_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "content_sid" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "content_variables" jsonb;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_appointment_start_key" ON "appointment_reminders" USING btree ("professional_id","appointment_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointment_reminders_professional_conversation_idx" ON "appointment_reminders" USING btree ("professional_id","conversation_id","created_at");