/** At most this many steps up the y-axis: enough to read a bar's height, few enough to stay legible on a phone. */
const MAX_STEPS = 5;

/** The smallest of 1, 2, 5, 10, 20, 50, ... that reaches `highest` in at most MAX_STEPS steps. */
function stepFor(highest: number): number {
  for (let power = 1; ; power *= 10) {
    for (const multiple of [1, 2, 5]) {
      if (Math.ceil(highest / (multiple * power)) <= MAX_STEPS) return multiple * power;
    }
  }
}

/**
 * The y-axis of a count chart: evenly spaced whole numbers from 0, ending at the tallest bar or the first
 * step above it (0, 1, 2, 3; 0, 5, 10, 15). The last tick is the top of the plot.
 */
export function chartTicks(max: number): number[] {
  const highest = Math.max(1, Math.ceil(max));
  const step = stepFor(highest);
  return Array.from({ length: Math.ceil(highest / step) + 1 }, (_, i) => i * step);
}
