CREATE TABLE "rate_limit_hits" (
	"scope" text NOT NULL,
	"client" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_scope_client_window_start_pk" PRIMARY KEY("scope","client","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");