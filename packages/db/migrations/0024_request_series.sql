CREATE TABLE "request_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"item_description" text NOT NULL,
	"store_preference" text,
	"pickup_notes" text,
	"if_unavailable" text DEFAULT 'similar' NOT NULL,
	"every" text NOT NULL,
	"first_needed_by" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"current_index" integer DEFAULT 0 NOT NULL,
	"helper_id" uuid,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_series_every_check" CHECK ("request_series"."every" IN ('week', '2weeks', 'month')),
	CONSTRAINT "request_series_if_unavailable_check" CHECK ("request_series"."if_unavailable" IN ('skip', 'similar', 'ask')),
	CONSTRAINT "request_series_until_check" CHECK ("request_series"."until" IS NULL OR "request_series"."until" >= "request_series"."first_needed_by")
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "occurrence_index" integer;--> statement-breakpoint
ALTER TABLE "request_series" ADD CONSTRAINT "request_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_series" ADD CONSTRAINT "request_series_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_series" ADD CONSTRAINT "request_series_helper_id_users_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_series_user_id_idx" ON "request_series" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "request_series_group_id_idx" ON "request_series" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "request_series_helper_id_idx" ON "request_series" USING btree ("helper_id");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_series_id_request_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."request_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requests_series_occurrence_unique" ON "requests" USING btree ("series_id","occurrence_index");