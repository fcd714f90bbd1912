import { Link } from "react-router";
import { EmptyState } from "../../components/ui";
import { formatDate } from "../../lib/dates";
import type { DashboardGroup } from "./types";

/** SPEC §2 "Your Groups": each card links to /groups?highlight={id} and shows when the user joined. */
export function DashboardGroups({ groups, viewerId }: { groups: DashboardGroup[]; viewerId: string }) {
  if (groups.length === 0) {
    return (
      <EmptyState title="You are not in a group yet">
        <p>
          Groups are private. Ask a neighbour who already uses Help Your Neighbor to invite you, or create a group for your street and
          invite your neighbours.
        </p>
        <Link className="btn btn-primary" to="/groups">
          Go to Groups
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="dashboard-groups" aria-label="Your groups">
      {groups.map((group) => (
        <li key={group.id}>
          <Link className="card dashboard-group-card" to={`/groups?highlight=${encodeURIComponent(group.id)}`} data-testid="dashboard-group">
            <span className="dashboard-group-head">
              <span className="dashboard-group-name">{group.name}</span>
              {group.createdBy === viewerId && <span className="badge badge-owner">Owner</span>}
            </span>
            <span className="dashboard-group-facts">
              <span>
                Joined <time dateTime={group.joinedAt.toISOString()}>{formatDate(group.joinedAt)}</time>
              </span>
              <span aria-hidden="true"> · </span>
              <span>{group.memberCount === 1 ? "1 member" : `${group.memberCount} members`}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
