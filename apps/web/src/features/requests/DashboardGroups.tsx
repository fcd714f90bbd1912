import { Link } from "react-router";
import { EmptyState } from "../../components/ui";
import { formatDate } from "../../lib/dates";
import { useT } from "../../i18n/useT";
import { richText } from "../../i18n/richText";
import type { DashboardGroup } from "./types";

/** The dashboard's "Your Groups" (PRODUCT "Screens"): each card links to /groups?highlight={id} and shows when the user joined. */
export function DashboardGroups({ groups, viewerId }: { groups: DashboardGroup[]; viewerId: string }) {
  const t = useT();
  if (groups.length === 0) {
    return (
      <EmptyState title={t("requests.noGroupTitle")}>
        <p>{t("requests.noGroupText")}</p>
        <Link className="btn btn-primary" to="/groups">
          {t("requests.goToGroups")}
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="dashboard-groups" aria-label={t("requests.yourGroupsLabel")}>
      {groups.map((group) => (
        <li key={group.id}>
          <Link
            className="card dashboard-group-card"
            to={`/groups?highlight=${encodeURIComponent(group.id)}`}
            data-testid="dashboard-group"
          >
            <span className="dashboard-group-head">
              <span className="dashboard-group-name">{group.name}</span>
              {group.createdBy === viewerId && <span className="badge badge-owner">{t("requests.owner")}</span>}
            </span>
            <span className="dashboard-group-facts">
              <span>
                {richText((values) => t("requests.joined", values), {
                  date: <time dateTime={group.joinedAt}>{formatDate(group.joinedAt)}</time>,
                })}
              </span>
              <span aria-hidden="true"> · </span>
              <span>{t("requests.members", { count: group.memberCount })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
