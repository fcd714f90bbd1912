/** SPEC §2 / §9 display rules for the admin dashboard, as pure functions. */

/** 1000 or more is shown with k: 1000 -> "1k", 1500 -> "1.5k", 12345 -> "12.3k". */
export function formatMetric(value: number): string {
  if (Math.abs(value) >= 1000) {
    const k = Math.round((value / 1000) * 10) / 10;
    return `${Number.isInteger(k) ? k.toFixed(0) : k.toFixed(1)}k`;
  }
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

export type Trend = "up" | "neutral" | "down";

/** Up above 70 %, neutral above 40 %, else down. */
export function fulfillmentTrend(rate: number): Trend {
  if (rate > 70) return "up";
  if (rate > 40) return "neutral";
  return "down";
}

/** Faster is better: up below 24 h, neutral below 72 h, else down. */
export function claimTimeTrend(hours: number): Trend {
  if (hours < 24) return "up";
  if (hours < 72) return "neutral";
  return "down";
}

/** "< 1 min" under a minute, minutes below 1 hour, hours with one decimal below 24, else days. */
export function formatClaimTime(hours: number): string {
  if (hours * 60 < 1) return "< 1 min";
  if (hours < 1) {
    const minutes = Math.round(hours * 60);
    return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  }
  if (hours < 24) return `${hours.toFixed(1)} hours`;
  const days = Math.round((hours / 24) * 10) / 10;
  return `${days.toFixed(1)} days`;
}

/** Average group size is shown with one decimal. */
export function formatGroupSize(size: number): string {
  return size.toFixed(1);
}
