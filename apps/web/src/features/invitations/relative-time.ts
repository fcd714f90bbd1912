/** The invitation's time texts (PRODUCT "How things change"), as pure functions of two instants so they can be tested exactly. */
import { translate, type Translate } from "../../i18n/useT";
import { msOf, type Time } from "../../lib/dates";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * "Expires in N day(s)" from one day left, else "Expires in N hour(s)", else "Expires soon". Days are
 * rounded (a fresh invitation reads 7 days, as the server's "expires in N days" message does); hours
 * are rounded down. Each language words the count with its own plural rules (the groups catalog).
 */
export function expiresInText(expiresAt: Time, now: Date, t: Translate = translate): string {
  const left = msOf(expiresAt) - now.getTime();
  // Not one of the spec's texts: a list can outlive an invitation by a few minutes before it refreshes.
  if (left <= 0) return t("groups.expired");
  if (left >= DAY_MS) return t("groups.expiresInDays", { count: Math.round(left / DAY_MS) });
  const hours = Math.floor(left / HOUR_MS);
  if (hours >= 1) return t("groups.expiresInHours", { count: hours });
  return t("groups.expiresSoon");
}

/** "N day(s) ago", "N hour(s) ago", "N minute(s) ago", or "Just now". */
export function sentAgoText(sentAt: Time, now: Date, t: Translate = translate): string {
  const ago = Math.max(0, now.getTime() - msOf(sentAt));
  const days = Math.floor(ago / DAY_MS);
  if (days >= 1) return t("groups.daysAgo", { count: days });
  const hours = Math.floor(ago / HOUR_MS);
  if (hours >= 1) return t("groups.hoursAgo", { count: hours });
  const minutes = Math.floor(ago / MINUTE_MS);
  if (minutes >= 1) return t("groups.minutesAgo", { count: minutes });
  return t("groups.justNow");
}
