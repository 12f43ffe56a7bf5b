CREATE TABLE "plagiarism_fingerprints" (
	"hash" integer NOT NULL,
	"source_id" integer NOT NULL,
	CONSTRAINT "plagiarism_fingerprints_hash_source_id_pk" PRIMARY KEY("hash","source_id")
);
--> statement-breakpoint
CREATE TABLE "plagiarism_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plagiarism_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"text" text NOT NULL,
	"word_count" integer NOT NULL,
	"content_hash" text NOT NULL,
	"owner_id" uuid,
	"order_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plagiarism_sources_content_hash_unique" UNIQUE("content_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "share_submissions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plagiarism_fingerprints" ADD CONSTRAINT "plagiarism_fingerprints_source_id_plagiarism_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."plagiarism_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_sources" ADD CONSTRAINT "plagiarism_sources_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plagiarism_fingerprints_source_idx" ON "plagiarism_fingerprints" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "plagiarism_sources_owner_idx" ON "plagiarism_sources" USING btree ("owner_id");