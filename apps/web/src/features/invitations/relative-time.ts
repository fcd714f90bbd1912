/** SPEC §4 Invitation texts, as pure functions of two instants so they can be tested exactly. */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/**
 * "Expires in N day(s)" from one day left, else "Expires in N hour(s)", else "Expires soon". Days are
 * rounded (a fresh invitation reads 7 days, as the server's "expires in N days" message does); hours
 * are rounded down.
 */
export function expiresInText(expiresAt: Date, now: Date): string {
  const left = expiresAt.getTime() - now.getTime();
  // Not one of the spec's texts: a list can outlive an invitation by a few minutes before it refreshes.
  if (left <= 0) return "Expired";
  if (left >= DAY_MS) return `Expires in ${count(Math.round(left / DAY_MS), "day")}`;
  const hours = Math.floor(left / HOUR_MS);
  if (hours >= 1) return `Expires in ${count(hours, "hour")}`;
  return "Expires soon";
}

/** "N day(s) ago", "N hour(s) ago", "N minute(s) ago", or "Just now". */
export function sentAgoText(sentAt: Date, now: Date): string {
  const ago = Math.max(0, now.getTime() - sentAt.getTime());
  const days = Math.floor(ago / DAY_MS);
  if (days >= 1) return `${count(days, "day")} ago`;
  const hours = Math.floor(ago / HOUR_MS);
  if (hours >= 1) return `${count(hours, "hour")} ago`;
  const minutes = Math.floor(ago / MINUTE_MS);
  if (minutes >= 1) return `${count(minutes, "minute")} ago`;
  return "Just now";
}
