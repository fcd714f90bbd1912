// Plain JavaScript with no imports, read by deploy/render-nginx.mjs on the host that runs nginx.

/**
 * The paths whose next segment is a secret (an invitation, join link, unsubscribe or calendar-feed
 * token): the access log nginx writes for the site shows that segment as [redacted]. A path is listed
 * before any shorter one it starts with, as nginx tries them in order. The list is the app's own
 * redaction rule (apps/server/src/url-redaction.ts) for paths, and test/deploy-nginx.test.ts keeps it
 * equal to it: a new token route fails that test until it is added here. Query strings, where the
 * other secrets travel (`/reset-password?token=`, `/auth/callback?token_hash=`, a tRPC GET's input),
 * are never logged by nginx at all.
 */
export const TOKEN_PATH_PREFIXES = [
  "/api/invites/validate/",
  "/api/invites/",
  "/api/unsubscribe/",
  "/api/calendar/",
  "/invite/",
  "/join/",
  "/unsubscribe/",
];
