CREATE TABLE "record_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"appointment_id" uuid,
	"kind" text NOT NULL,
	"template_id" text,
	"template_version" integer,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"free_text" text DEFAULT '' NOT NULL,
	"session_at" timestamp with time zone NOT NULL,
	"visibility" text DEFAULT 'prontuario' NOT NULL,
	"document_purpose" text,
	"document_recipient" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"council_type" text,
	"council_number" text,
	"council_uf" varchar(2),
	"addendum_of" uuid,
	"addendum_reason" text,
	"chain_seq" integer,
	"content_hash" text,
	"previous_hash" text,
	"search_text" text DEFAULT '' NOT NULL,
	"finalised_at" timestamp with time zone,
	"auto_finalised" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_entries" ADD CONSTRAINT "record_entries_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_entries" ADD CONSTRAINT "record_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_entries" ADD CONSTRAINT "record_entries_addendum_of_record_entries_id_fk" FOREIGN KEY ("addendum_of") REFERENCES "public"."record_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_entries_timeline_idx" ON "record_entries" USING btree ("professional_id","patient_id","session_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_entries_chain_key" ON "record_entries" USING btree ("patient_id","chain_seq") WHERE "record_entries"."chain_seq" is not null;--> statement-breakpoint
CREATE INDEX "record_entries_drafts_idx" ON "record_entries" USING btree ("professional_id","session_at") WHERE "record_entries"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "record_entries_addendum_idx" ON "record_entries" USING btree ("addendum_of");--> statement-breakpoint
CREATE INDEX "record_entries_appointment_idx" ON "record_entries" USING btree ("professional_id","appointment_id");