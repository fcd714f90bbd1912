import { useT } from "../../i18n/useT";

/**
 * "Add to calendar" on a claimed request's card, for its requester and its helper (issue 15): a plain
 * link to the request's calendar file, which the browser downloads with the session cookie.
 */
export function AddToCalendarLink({ requestId, describedBy }: { requestId: string; describedBy: string }) {
  const t = useT();
  return (
    <a
      className="btn btn-secondary btn-small"
      href={`/api/requests/${encodeURIComponent(requestId)}/calendar.ics`}
      download
      aria-describedby={describedBy}
    >
      {t("requests.addToCalendar")}
    </a>
  );
}
