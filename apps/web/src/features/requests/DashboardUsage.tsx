import { useT } from "../../i18n/useT";
import { UsageBar } from "../limits/UsageBar";
import type { DashboardData } from "./types";

/**
 * The dashboard's usage-limits panel (PRODUCT "How things change"), fed by the dashboard's own query so the
 * first load stays one call; the bars are the limits feature's.
 */
export function DashboardUsage({ usage }: { usage: DashboardData["usage"] }) {
  const t = useT();
  const { limits, counts } = usage;
  return (
    <section className="usage-panel card" aria-labelledby="dashboard-usage-title">
      <h2 id="dashboard-usage-title" className="usage-title">
        {t("requests.usageTitle")}
      </h2>
      <div className="usage-list">
        <UsageBar kind="open requests" count={counts.openRequestsCount} max={limits.maxOpenRequests} />
        <UsageBar kind="groups" count={counts.groupsCreatedCount} max={limits.maxGroupsCreated} />
        <UsageBar kind="groups joined" count={counts.groupsJoinedCount} max={limits.maxGroupsJoined} />
      </div>
    </section>
  );
}
