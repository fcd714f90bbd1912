import { useT } from "../../i18n/useT";
import { useOnline } from "../../lib/online";
import type { LiveStatus } from "./useRequestLiveUpdates";

/** Whether the page is receiving live updates; not announced, since it changes on its own. */
export function LiveIndicator({ status: streamStatus, refreshFailed }: { status: LiveStatus; refreshFailed: boolean }) {
  // Without a network the stream may not have noticed yet: what is shown is never called live (ADR 0016).
  const t = useT();
  const online = useOnline();
  const status: LiveStatus = online ? streamStatus : "offline";
  const text = !online
    ? t("requests.liveOffline")
    : refreshFailed
      ? t("requests.liveRefreshFailed")
      : status === "live"
        ? t("requests.liveOn")
        : status === "connecting"
          ? t("requests.liveConnecting")
          : t("requests.livePaused");
  return (
    <span
      className={`live-indicator live-${refreshFailed ? "offline" : status}`}
      data-testid="live-indicator"
      data-status={status}
    >
      <span className="live-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
