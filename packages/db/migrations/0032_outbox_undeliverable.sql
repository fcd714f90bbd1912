-- ADR 0002 (issue 38): an e-mail an SMTP server refused for good (a 5xx reply) is recorded here and never tried again.
ALTER TABLE "email_outbox" ADD COLUMN "undeliverable_at" timestamp with time zone;
