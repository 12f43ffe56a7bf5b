CREATE TABLE "reference_lookups" (
	"key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reference_lookups_fetched_idx" ON "reference_lookups" USING btree ("fetched_at");