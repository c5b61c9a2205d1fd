CREATE TYPE "public"."message_sender" AS ENUM('patient', 'assistant', 'professional');--> statement-breakpoint
ALTER TYPE "public"."message_status" ADD VALUE 'queued' BEFORE 'sent';--> statement-breakpoint
CREATE TABLE "system_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"professional_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender" "message_sender" DEFAULT 'patient' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_to_message_id" uuid;--> statement-breakpoint
ALTER TABLE "system_events" ADD CONSTRAINT "system_events_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_events_kind_created_idx" ON "system_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_reply_to_key" ON "messages" USING btree ("reply_to_message_id") WHERE "messages"."reply_to_message_id" is not null;--> statement-breakpoint
UPDATE "messages" SET "sender" = 'assistant' WHERE "direction" = 'outbound';--> statement-breakpoint
UPDATE "conversations" c SET "last_inbound_at" = (SELECT max(m."sent_at") FROM "messages" m WHERE m."conversation_id" = c."id" AND m."direction" = 'inbound');
