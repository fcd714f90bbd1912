import { limitMessage, messages, overLimitMessage, type LimitKind } from "@hyn/validators/messages";
import type { CountsRead, LimitsRead } from "@hyn/validators/rules";

/**
 * The spec's English texts for a limit in the way, written by @hyn/validators' messages and shown
 * through `t.error` in the page's language. Apart from the bars and the New Request button, which
 * only need to know whether a limit is in the way (limits.ts), so that the messages module loads
 * when one is (useRefusalTexts) and not with the dashboard.
 */

/**
 * A count above its limit (an unclaim reopens a request, an admin lowers a limit): said plainly under
 * the bar, since "6/5" alone looks like a fault. Null at or below the limit.
 */
export function overLimitNote(kind: LimitKind, count: number, max: number): string | null {
  return count > max ? overLimitMessage(kind, max, count) : null;
}

/** Why New Request is disabled: @hyn/validators' requestCreationRefusal, the same texts in the same order. */
export function requestCreationRefusal(
  limits: Pick<LimitsRead, "maxOpenRequests">,
  counts: Pick<CountsRead, "openRequestsCount">,
  groupCount: number,
): string | null {
  if (counts.openRequestsCount >= limits.maxOpenRequests) return limitMessage("open requests", limits.maxOpenRequests, counts.openRequestsCount);
  return groupCount === 0 ? messages.requestNeedsGroup : null;
}
