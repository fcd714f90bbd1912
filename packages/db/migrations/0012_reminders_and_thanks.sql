CREATE TABLE "request_reminders" (
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"claim_key" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_reminders_pkey" PRIMARY KEY("request_id","kind","claim_key"),
	CONSTRAINT "request_reminders_kind_check" CHECK ("request_reminders"."kind" IN ('helper', 'requester'))
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "thanked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_reminders" ADD CONSTRAINT "request_reminders_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;