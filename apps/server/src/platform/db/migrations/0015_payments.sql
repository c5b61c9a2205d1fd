CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"patient_id" uuid,
	"appointment_id" uuid,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payer_name" text,
	"payer_cpf" varchar(11),
	"beneficiary_cpf" varchar(11),
	"method" text,
	"paid_at" timestamp with time zone,
	"payment_date" date,
	"fee_cents" integer,
	"net_cents" integer,
	"txid" text NOT NULL,
	"provider" text,
	"provider_payment_id" text,
	"provider_qr_code" text,
	"provider_expires_at" timestamp with time zone,
	"provider_link" text,
	"receipt_number" text,
	"receipt_issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"appointment_type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"expense_date" date NOT NULL,
	"category" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_prices" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"professional_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"pix_key_type" text,
	"pix_key" text,
	"merchant_name" text,
	"merchant_city" text,
	"council_registration" text,
	"provider" text DEFAULT 'none' NOT NULL,
	"mercadopago_token_sealed" text,
	"mercadopago_secret_sealed" text,
	"send_pix_in_reminders" boolean DEFAULT false NOT NULL,
	"show_prices_on_booking_page" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"charge_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_prices" ADD CONSTRAINT "consultation_prices_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_prices" ADD CONSTRAINT "patient_prices_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_prices" ADD CONSTRAINT "patient_prices_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_professional_status_idx" ON "charges" USING btree ("professional_id","status","due_date");--> statement-breakpoint
CREATE INDEX "charges_professional_payment_date_idx" ON "charges" USING btree ("professional_id","payment_date");--> statement-breakpoint
CREATE INDEX "charges_professional_patient_idx" ON "charges" USING btree ("professional_id","patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_appointment_key" ON "charges" USING btree ("appointment_id") WHERE "charges"."appointment_id" is not null and "charges"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "charges_provider_payment_key" ON "charges" USING btree ("provider","provider_payment_id") WHERE "charges"."provider_payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_prices_type_key" ON "consultation_prices" USING btree ("professional_id","appointment_type");--> statement-breakpoint
CREATE INDEX "expenses_professional_date_idx" ON "expenses" USING btree ("professional_id","expense_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_key" ON "payment_webhook_events" USING btree ("provider","event_key");