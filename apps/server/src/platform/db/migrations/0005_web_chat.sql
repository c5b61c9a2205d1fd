CREATE TABLE "web_chat_visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"llm_day" date,
	"llm_calls" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "public_chat_id" text;--> statement-breakpoint
ALTER TABLE "web_chat_visitors" ADD CONSTRAINT "web_chat_visitors_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_chat_visitors" ADD CONSTRAINT "web_chat_visitors_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "web_chat_visitors_token_key" ON "web_chat_visitors" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "web_chat_visitors_conversation_key" ON "web_chat_visitors" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "web_chat_visitors_professional_idx" ON "web_chat_visitors" USING btree ("professional_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "professionals_public_chat_id_key" ON "professionals" USING btree ("public_chat_id");