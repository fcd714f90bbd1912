import { useState, type ReactNode } from "react";
import { Button } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { formatDate } from "../../lib/dates";
import { errorMessage, trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import "../invitations/invitations.css";

/**
 * The person's own requests to join that wait for an owner (issue 43): "Waiting for Ana to let you in", with
 * Withdraw request. While one waits, the page listens live, so the owner's answer shows at once (the group
 * comes, the card goes). Shown in place of a newcomer's other next steps; `whenNone` once none waits.
 */
export function WaitingToJoin({ whenNone = null }: { whenNone?: ReactNode }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const waiting = trpc.groupLinks.waiting.useQuery();
  const withdraw = trpc.groupLinks.withdraw.useMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const rows = waiting.data ?? [];

  trpc.requests.onChange.useSubscription(undefined, {
    enabled: rows.length > 0,
    onData(message) {
      if (message.type !== "join.answered") return;
      const group = rows.find((r) => r.groupId === message.groupId)?.groupName;
      if (group) toast.success(t(message.approved ? "sharing.letInLive" : "sharing.declinedLive", { group }));
      void utils.groupLinks.waiting.invalidate();
      void utils.groups.list.invalidate();
      void utils.limits.invalidate();
      void utils.requests.dashboard.invalidate();
    },
  });

  async function takeBack(groupId: string, group: string) {
    setBusyId(groupId);
    try {
      await withdraw.mutateAsync({ groupId });
      toast.success(t("sharing.requestWithdrawn", { group }));
    } catch (e) {
      toast.error(errorMessage(e, t("sharing.withdrawFailed")));
    } finally {
      setBusyId(null);
      void utils.groupLinks.waiting.invalidate();
    }
  }

  if (waiting.isPending) return null;
  if (rows.length === 0) return whenNone;
  return (
    <section className="invitation-panel" aria-label={t("sharing.waitingListLabel")} data-testid="waiting-to-join">
      <ul className="invitation-list">
        {rows.map((row) => (
          <li key={row.groupId} className="invitation-card">
            <div className="invitation-main">
              <h3 className="invitation-group">{t("sharing.waitingTitle", { group: row.groupName })}</h3>
              <p className="invitation-meta">{t("sharing.waitingFor", { owner: row.ownerName })}</p>
              <p className="invitation-times small muted">
                <time dateTime={row.askedAt}>{t("sharing.waitingSince", { date: formatDate(row.askedAt) })}</time>
              </p>
            </div>
            <div className="invitation-actions">
              <Button
                variant="secondary"
                className="btn-small"
                needsNetwork
                disabled={busyId !== null}
                busy={busyId === row.groupId}
                onClick={() => void takeBack(row.groupId, row.groupName)}
              >
                {t("sharing.withdrawRequest")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
