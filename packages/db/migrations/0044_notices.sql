CREATE TABLE "request_announcements" (
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"times" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_announcements_pkey" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "joined_by_invitation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "request_announcements" ADD CONSTRAINT "request_announcements_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_announcements" ADD CONSTRAINT "request_announcements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;