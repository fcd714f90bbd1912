import { useT } from "../../i18n/useT";
import { UsageBar } from "../limits/UsageBar";
import type { DashboardData } from "./types";

/**
 * The dashboard's usage-limits panel (PRODUCT "How things change"), fed by the dashboard's own query so the
 * first load stays one call; the bars are the limits feature's.
 */
export function DashboardUsage({ usage, compact = false }: { usage: DashboardData["usage"]; compact?: boolean }) {
  const t = useT();
  const { limits, counts } = usage;
  return (
    <section
      className={`usage-panel${compact ? " usage-panel-compact" : " card"}`}
      aria-labelledby="dashboard-usage-title"
    >
      <h2 id="dashboard-usage-title" className={compact ? "usage-title-compact small muted" : "usage-title"}>
        {t("requests.usageTitle")}
      </h2>
      <div className="usage-list">
        <UsageBar
          kind="open requests"
          count={counts.openRequestsCount}
          max={limits.maxOpenRequests}
          compact={compact}
        />
        <UsageBar kind="groups" count={counts.groupsCreatedCount} max={limits.maxGroupsCreated} compact={compact} />
        <UsageBar
          kind="groups joined"
          count={counts.groupsJoinedCount}
          max={limits.maxGroupsJoined}
          compact={compact}
        />
      </div>
    </section>
  );
}
