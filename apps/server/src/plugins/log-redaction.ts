/**
 * Request URLs can carry secrets: invitation tokens in paths, verification and reset tokens in the
 * query. Logs get the URL with those parts replaced.
 */
const SECRET_QUERY_KEYS = ["token", "token_hash"];
const REDACTED = "[redacted]";

export function scrubUrl(url: string): string {
  const q = url.indexOf("?");
  let path = q === -1 ? url : url.slice(0, q);
  path = path
    .replace(/\/(invite|join|validate)\/[^/]+/g, `/$1/${REDACTED}`)
    .replace(/\/invites\/(?!validate\/)[^/]+\/join/g, `/invites/${REDACTED}/join`)
    // A calendar feed's address is its credential.
    .replace(/\/api\/calendar\/[^/]+/g, `/api/calendar/${REDACTED}`);
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of SECRET_QUERY_KEYS) if (params.has(key)) params.set(key, REDACTED);
  return `${path}?${params.toString()}`;
}
