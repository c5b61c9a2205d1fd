CREATE TYPE "public"."media_kind" AS ENUM('audio', 'image', 'document');--> statement-breakpoint
CREATE TYPE "public"."media_status" AS ENUM('pending', 'ready', 'failed', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."transcript_status" AS ENUM('pending', 'done', 'failed', 'no_provider');--> statement-breakpoint
CREATE TABLE "message_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"kind" "media_kind" NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text,
	"size_bytes" integer,
	"status" "media_status" DEFAULT 'pending' NOT NULL,
	"status_message" text,
	"source_url" text,
	"data" "bytea",
	"transcript" text,
	"transcript_status" "transcript_status",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_media" ADD CONSTRAINT "message_media_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_media" ADD CONSTRAINT "message_media_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_media" ADD CONSTRAINT "message_media_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_media_message_position_key" ON "message_media" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "message_media_professional_conversation_idx" ON "message_media" USING btree ("professional_id","conversation_id");