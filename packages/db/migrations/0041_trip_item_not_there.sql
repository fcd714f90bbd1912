ALTER TABLE "requests" ADD COLUMN "not_there_trip_id" uuid;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_not_there_trip_id_trips_id_fk" FOREIGN KEY ("not_there_trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_not_there_trip_id_idx" ON "requests" USING btree ("not_there_trip_id");