-- Issue 13: a sent e-mail's bodies kept its verification, reset or invitation link with the raw token.
-- The outbox now empties them when it marks an e-mail sent; this empties those sent before that.
UPDATE "email_outbox" SET "text_body" = '', "html_body" = '' WHERE "sent_at" IS NOT NULL AND ("text_body" <> '' OR "html_body" <> '');
