CREATE TABLE "record_eliminations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"entries" integer NOT NULL,
	"last_entry_at" timestamp with time zone NOT NULL,
	"eliminated_by_user_id" uuid,
	"eliminated_by_name" text NOT NULL,
	"eliminated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_eliminations" ADD CONSTRAINT "record_eliminations_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_eliminations_professional_idx" ON "record_eliminations" USING btree ("professional_id","eliminated_at");