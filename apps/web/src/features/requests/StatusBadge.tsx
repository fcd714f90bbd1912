import { REQUEST_DISPLAY_STATUSES, type RequestDisplayStatus } from "@hyn/validators/rules";
import type { MessageId } from "@hyn/i18n/catalogs";
import { useT } from "../../i18n/useT";
import { isKnown } from "../../lib/known-values";

const LABEL: Record<RequestDisplayStatus, MessageId<"requests">> = {
  open: "requests.statusOpen",
  claimed: "requests.statusClaimed",
  fulfilled: "requests.statusFulfilled",
  expired: "requests.statusExpired",
};

/** A request's status (PRODUCT "How things change") as a badge; the colour classes live in styles.css (.badge-open, ...). */
export function StatusBadge({ status }: { status: RequestDisplayStatus }) {
  const t = useT();
  // A status a newer server added (issue 40): no badge rather than a wrong one or a crash.
  if (!isKnown(REQUEST_DISPLAY_STATUSES, status)) return null;
  return (
    <span className={`badge badge-${status}`} data-testid="request-status" data-status={status}>
      <span className="visually-hidden">{t("requests.statusPrefix")}</span>
      {t(LABEL[status])}
    </span>
  );
}
