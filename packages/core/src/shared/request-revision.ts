import { requests } from "@hyn/db";
import { sql } from "drizzle-orm";

/**
 * Set by every UPDATE that changes a request's status or helper, in that same statement: the calendar
 * event's SEQUENCE (RFC 5545 §3.8.7.4) must grow with each change, or calendars keep the old copy.
 */
export const bumpedRevision = () => ({ revision: sql`${requests.revision} + 1` });
