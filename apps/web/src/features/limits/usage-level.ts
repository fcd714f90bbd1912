import { NEAR_LIMIT_RATIO } from "@hyn/validators/policy";

/** SPEC §4 Usage bar and §9: near the limit from NEAR_LIMIT_RATIO, at the limit when the count reaches it. */

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
