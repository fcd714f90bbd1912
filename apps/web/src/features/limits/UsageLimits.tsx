import { useId } from "react";
import { Alert, Button } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { useOnline } from "../../lib/online";
import { trpc } from "../../lib/trpc";
import { UsageBar, USAGE_LABELS } from "./UsageBar";
import "./limits.css";

/**
 * The user's limits and counts as three bars. `compact` is the one-line summary of the Groups page;
 * the full panel is for the dashboard.
 */
export function UsageLimits({ compact = false, title }: { compact?: boolean; title?: string }) {
  const t = useT();
  const heading = title ?? t("requests.usageTitle");
  const usage = trpc.limits.withCounts.useQuery();
  const headingId = useId();
  const online = useOnline();

  // Issue 43: never known on this page and no network to ask (opened offline): said plainly, not "…" for ever.
  // Figures loaded before the network went stay on screen (the branch below), as the page's other data does.
  if (usage.isPending && (!online || usage.fetchStatus === "paused")) {
    return (
      <section className={`usage-panel${compact ? " usage-panel-compact" : " card"}`} aria-labelledby={headingId}>
        <h2 id={headingId} className={compact ? "visually-hidden" : "usage-title"}>
          {heading}
        </h2>
        <p className="alert alert-warning offline-state" role="status">
          {t("requests.limitsOffline")}
        </p>
      </section>
    );
  }
  if (usage.isPending) {
    // The bars' own shape with empty tracks: the panel keeps its height when the numbers arrive, so
    // the rest of the page does not jump down (layout shift).
    return (
      <section
        className={`usage-panel${compact ? " usage-panel-compact" : " card"}`}
        aria-busy="true"
        aria-labelledby={headingId}
      >
        <h2 id={headingId} className={compact ? "visually-hidden" : "usage-title"}>
          {heading}
        </h2>
        <p className="visually-hidden">{t("requests.loadingLimits")}</p>
        <div className="usage-list" aria-hidden="true">
          {Object.values(USAGE_LABELS).map((label) => (
            <div key={label} className={`usage${compact ? " usage-compact" : ""}`}>
              <div className="usage-head">
                <span className="usage-label">{t(label)}</span>
                <span className="usage-count">…</span>
              </div>
              <div className="usage-track" />
            </div>
          ))}
        </div>
      </section>
    );
  }
  if (usage.isError) {
    return (
      <Alert type="warning">
        {t("requests.loadLimitsFailed")}{" "}
        <Button variant="ghost" className="btn-small" onClick={() => void usage.refetch()}>
          {t("requests.retry")}
        </Button>
      </Alert>
    );
  }
  const { limits, counts } = usage.data;
  return (
    <section className={`usage-panel${compact ? " usage-panel-compact" : " card"}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={compact ? "visually-hidden" : "usage-title"}>
        {heading}
      </h2>
      <div className="usage-list">
        <UsageBar kind="groups" count={counts.groupsCreatedCount} max={limits.maxGroupsCreated} compact={compact} />
        <UsageBar
          kind="groups joined"
          count={counts.groupsJoinedCount}
          max={limits.maxGroupsJoined}
          compact={compact}
        />
        <UsageBar
          kind="open requests"
          count={counts.openRequestsCount}
          max={limits.maxOpenRequests}
          compact={compact}
        />
      </div>
    </section>
  );
}
