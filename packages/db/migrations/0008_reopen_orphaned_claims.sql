-- Claims left behind by the race fixed in issue 13 (a claim that committed while its claimer was leaving
-- the group, being removed or deleting their account): a request claimed by someone who is no longer a
-- member of its group, or by nobody, is open again, as a departure reopens it (departFromGroups).
UPDATE "requests" SET "status" = 'open', "claimed_by" = NULL, "claimed_at" = NULL
WHERE "status" = 'claimed'
  AND ("claimed_by" IS NULL OR NOT EXISTS (
    SELECT 1 FROM "group_members" WHERE "group_members"."group_id" = "requests"."group_id" AND "group_members"."user_id" = "requests"."claimed_by"
  ));
