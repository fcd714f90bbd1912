CREATE TABLE "trip_groups" (
	"trip_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "trip_groups_trip_id_group_id_pk" PRIMARY KEY("trip_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tripper_id" uuid NOT NULL,
	"store" text NOT NULL,
	"departs_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"note" text,
	"max_items" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"repeat" text,
	"skip_next" boolean DEFAULT false NOT NULL,
	"series_id" uuid,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_status_check" CHECK ("trips"."status" IN ('open', 'closed', 'cancelled')),
	CONSTRAINT "trips_repeat_check" CHECK ("trips"."repeat" IS NULL OR "trips"."repeat" IN ('week')),
	CONSTRAINT "trips_closes_before_departs_check" CHECK ("trips"."closes_at" <= "trips"."departs_at"),
	CONSTRAINT "trips_max_items_check" CHECK ("trips"."max_items" IS NULL OR "trips"."max_items" > 0)
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "trip_id" uuid;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "trip_mark" text;--> statement-breakpoint
ALTER TABLE "trip_groups" ADD CONSTRAINT "trip_groups_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_groups" ADD CONSTRAINT "trip_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_tripper_id_users_id_fk" FOREIGN KEY ("tripper_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_groups_group_id_idx" ON "trip_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "trips_tripper_departs_at_idx" ON "trips" USING btree ("tripper_id","departs_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trips_series_departs_at_unique" ON "trips" USING btree ("series_id","departs_at");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_trip_id_idx" ON "requests" USING btree ("trip_id");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_trip_mark_check" CHECK ("requests"."trip_mark" IS NULL OR "requests"."trip_mark" IN ('pending', 'got', 'not_there'));--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_quantity_check" CHECK ("requests"."quantity" BETWEEN 1 AND 99);