-- Issue 24 (ADR 0002): after a crash, e-mails went out twice, late and out of order.
-- Queue order: existing rows are numbered in the order the outbox sent them before (created_at, then id).
ALTER TABLE "email_outbox" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "email_outbox" SET "seq" = "ordered"."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "email_outbox") AS "ordered" WHERE "email_outbox"."id" = "ordered"."id";--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"email_outbox_seq_seq"', (SELECT coalesce(max("seq"), 0) + 1 FROM "email_outbox"), false);--> statement-breakpoint
-- One Message-ID per e-mail, made here once and sent by every retry (every existing row gets its own).
ALTER TABLE "email_outbox" ADD COLUMN "message_id" text DEFAULT ('<' || gen_random_uuid() || '@outbox.help-your-neighbor>') NOT NULL;--> statement-breakpoint
-- The pass holding a lease, so only that pass renews it while its send is in flight.
ALTER TABLE "email_outbox" ADD COLUMN "lease_id" uuid;--> statement-breakpoint
CREATE INDEX "email_outbox_recipient_queue_idx" ON "email_outbox" USING btree (lower("to_address"),"seq") WHERE "email_outbox"."sent_at" IS NULL;
