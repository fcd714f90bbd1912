/** The health card's display rules (issue 41 §4), as pure functions. */

/**
 * The median wait as one unit people read at a glance: minutes under 2 hours (0: under a minute), hours under 2
 * days, else days.
 */
export function waitInOneUnit(minutes: number): { unit: "minutes" | "hours" | "days"; count: number } {
  if (minutes < 120) return { unit: "minutes", count: Math.round(minutes) };
  if (minutes < 48 * 60) return { unit: "hours", count: Math.round(minutes / 60) };
  return { unit: "days", count: Math.round(minutes / (24 * 60)) };
}

/**
 * The sparkline's polyline in a `width` x `height` box: one point per week, oldest on the left, the busiest week at
 * the top (`pad` inside the edges so the line's width and the dots are not cut). A flat line at the bottom when empty.
 */
export function sparklinePoints(
  counts: readonly number[],
  width: number,
  height: number,
  pad = 3,
): { x: number; y: number }[] {
  const max = Math.max(1, ...counts);
  const step = counts.length > 1 ? (width - 2 * pad) / (counts.length - 1) : 0;
  return counts.map((count, i) => ({
    x: Math.round((pad + i * step) * 10) / 10,
    y: Math.round((height - pad - (count / max) * (height - 2 * pad)) * 10) / 10,
  }));
}
