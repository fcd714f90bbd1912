import { useOnline } from "../../lib/online";
import type { LiveStatus } from "./useRequestLiveUpdates";

/** Whether the page is receiving live updates; not announced, since it changes on its own. */
export function LiveIndicator({ status: streamStatus, refreshFailed }: { status: LiveStatus; refreshFailed: boolean }) {
  // Without a network the stream may not have noticed yet: what is shown is never called live (ADR 0016).
  const online = useOnline();
  const status: LiveStatus = online ? streamStatus : "offline";
  const text = !online
    ? "Offline: showing what was last loaded"
    : refreshFailed
      ? "Could not refresh; showing the last loaded data"
      : status === "live"
        ? "Live updates on"
        : status === "connecting"
          ? "Connecting to live updates…"
          : "Live updates paused; refreshing every minute";
  return (
    <span className={`live-indicator live-${refreshFailed ? "offline" : status}`} data-testid="live-indicator" data-status={status}>
      <span className="live-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
