import type { LiveStatus } from "./useRequestLiveUpdates";

/** Whether the page is receiving live updates; not announced, since it changes on its own. */
export function LiveIndicator({ status, refreshFailed }: { status: LiveStatus; refreshFailed: boolean }) {
  const text = refreshFailed
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
