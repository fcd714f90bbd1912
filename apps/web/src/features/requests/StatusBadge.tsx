import type { RequestDisplayStatus } from "@hyn/validators/rules";

const LABEL: Record<RequestDisplayStatus, string> = {
  open: "Open",
  claimed: "Claimed",
  fulfilled: "Fulfilled",
  expired: "Expired",
};

/** SPEC §4 request status as a badge; the colour classes live in styles.css (.badge-open, ...). */
export function StatusBadge({ status }: { status: RequestDisplayStatus }) {
  return (
    <span className={`badge badge-${status}`} data-testid="request-status" data-status={status}>
      <span className="visually-hidden">Status: </span>
      {LABEL[status]}
    </span>
  );
}
