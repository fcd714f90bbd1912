import { NEAR_LIMIT_RATIO } from "@hyn/validators/policy";

/** The usage bar (PRODUCT "How things change"): near the limit from NEAR_LIMIT_RATIO, at the limit when the count reaches it. */

export type UsageLevel = "normal" | "near" | "at";

export function usageLevel(count: number, max: number): UsageLevel {
  if (count >= max) return "at";
  if (count / max >= NEAR_LIMIT_RATIO) return "near";
  return "normal";
}

/** The bar's fill, 0-100; a limit of 0 is full (nothing more is allowed). */
export function usagePercent(count: number, max: number): number {
  if (max <= 0) return 100;
  return Math.min(100, Math.round((count / max) * 100));
}

/** A person's counts and limits, as the dashboard reads them. */
export interface UsageCounts {
  limits: { maxOpenRequests: number; maxGroupsCreated: number; maxGroupsJoined: number };
  counts: { openRequestsCount: number; groupsCreatedCount: number; groupsJoinedCount: number };
}

/** A limit is near at NEAR_LIMIT_RATIO (PRODUCT "How things change"): then a newcomer's dashboard shows the panel in full, first. */
export function usageNearLimit({ limits, counts }: UsageCounts): boolean {
  const near = (count: number, max: number) => usageLevel(count, max) !== "normal";
  return (
    near(counts.openRequestsCount, limits.maxOpenRequests) ||
    near(counts.groupsCreatedCount, limits.maxGroupsCreated) ||
    near(counts.groupsJoinedCount, limits.maxGroupsJoined)
  );
}
