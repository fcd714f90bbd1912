import { requests } from "@hyn/db";
import type { RequestPermissions } from "@hyn/validators/rules";
import { and, eq, gt, ne, type Placeholder, type SQL } from "drizzle-orm";
import { noBlockBetween } from "../shared/blocks";

/**
 * `requestPermissions` (@hyn/validators/rules) as the SQL conditions of the request's conditional
 * updates: who may act, on which state, before which time. The membership the service adds to each is
 * not part of them. `packages/core/test/request-permissions.test.ts` holds each against the rule for
 * every status, actor and expiry. A claim also needs no block between the actor and the requester
 * (PRODUCT "Blocking"), which the web never meets: a blocked person's requests are not shown.
 * Values or placeholders (a prepared statement's; its `now` then an ISO string).
 */
export const requestPermissionSql: Record<
  keyof RequestPermissions,
  (actorId: string | Placeholder, now: Date | Placeholder) => SQL
> = {
  canClaim: (actorId, now) =>
    and(
      eq(requests.status, "open"),
      gt(requests.neededBy, now),
      ne(requests.userId, actorId),
      noBlockBetween(actorId, requests.userId),
    )!,
  canUnclaim: (actorId) => and(eq(requests.status, "claimed"), eq(requests.claimedBy, actorId))!,
  canFulfill: (actorId) => and(eq(requests.status, "claimed"), eq(requests.claimedBy, actorId))!,
  canDelete: (actorId) => and(eq(requests.userId, actorId), ne(requests.status, "fulfilled"))!,
  canNotify: (actorId, now) =>
    and(eq(requests.userId, actorId), eq(requests.status, "open"), gt(requests.neededBy, now))!,
};
