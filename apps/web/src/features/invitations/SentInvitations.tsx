import { useState } from "react";
import { Button, ConfirmModal } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useLoadFailureToast } from "../../components/useLoadFailureToast";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { expiresInText, sentAgoText } from "./relative-time";
import { useNow } from "./useNow";
import { richText } from "../../i18n/richText";
import "./invitations.css";

type Outgoing = RouterOutputs["invitations"]["outgoing"][number];

/**
 * The sent panel (PRODUCT "Screens") "Invitations You've Sent", hidden when empty; Cancel asks first.
 * An owner also finds there the pending invitations others sent for their groups (PRODUCT "Departures").
 * An invitation accepted or declined stays for 7 days, saying so ("Accepted by {name}", "Declined"), without
 * Cancel (issue 27).
 */
export function SentInvitations() {
  const t = useT();
  const outgoing = trpc.invitations.outgoing.useQuery();
  const cancel = trpc.invitations.cancel.useMutation();
  const utils = trpc.useUtils();
  const toast = useToast();
  const now = useNow();
  const [confirming, setConfirming] = useState<Outgoing | null>(null);

  useLoadFailureToast(outgoing, t("groups.loadSentFailed"));

  async function confirmCancel() {
    if (!confirming) return;
    const invitation = confirming;
    try {
      await cancel.mutateAsync({ id: invitation.id });
      utils.invitations.outgoing.setData(undefined, (list) => list?.filter((i) => i.id !== invitation.id));
      void utils.invitations.count.invalidate();
      toast.success(t("groups.invitationCancelled", { email: invitation.email }));
    } catch (e) {
      toast.error(errorMessage(e, t("groups.cancelInvitationFailed")));
      void utils.invitations.outgoing.invalidate();
    } finally {
      setConfirming(null);
    }
  }

  if (!outgoing.data || outgoing.data.length === 0) return null;
  return (
    <section className="invitation-panel invitation-panel-sent" aria-labelledby="sent-invitations-title">
      <h2 id="sent-invitations-title">{t("groups.sentTitle")}</h2>
      <ul className="invitation-list">
        {outgoing.data.map((invitation) => (
          <li
            key={invitation.id}
            className="invitation-card"
            aria-label={t("groups.invitationTo", { name: invitation.email })}
          >
            <div className="invitation-main">
              <h3 className="invitation-email">{invitation.email}</h3>
              <p className="invitation-meta">
                {richText((values) => t("groups.toGroup", values), { group: <strong>{invitation.groupName}</strong> })}
                {invitation.inviterName !== null && <> · {t("groups.sentBy", { name: invitation.inviterName })}</>}
              </p>
              {invitation.outcome === "pending" ? (
                <p className="invitation-times small muted">
                  <span>
                    <span className="visually-hidden">{t("groups.sentLabel")} </span>
                    {sentAgoText(invitation.createdAt, now, t)}
                  </span>
                  <span aria-hidden="true"> · </span>
                  <span>{expiresInText(invitation.expiresAt, now, t)}</span>
                </p>
              ) : (
                <p className={`invitation-outcome small invitation-outcome-${invitation.outcome}`}>
                  {invitation.outcome === "declined"
                    ? t("sharing.invitationDeclinedBy")
                    : invitation.usedByName
                      ? t("sharing.invitationAcceptedBy", { name: invitation.usedByName })
                      : t("sharing.invitationAccepted")}
                </p>
              )}
            </div>
            {invitation.outcome === "pending" && (
              <div className="invitation-actions">
                <Button
                  variant="secondary"
                  className="btn-small"
                  onClick={() => setConfirming(invitation)}
                  aria-label={t("groups.cancelInvitationTo", { email: invitation.email })}
                >
                  {t("groups.cancel")}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmModal
        open={confirming !== null}
        title={t("groups.cancelInvitationTitle")}
        message={
          confirming
            ? t("groups.cancelInvitationConfirm", { email: confirming.email, group: confirming.groupName })
            : ""
        }
        confirmLabel={t("groups.cancelInvitationTitle")}
        cancelLabel={t("groups.keepInvitation")}
        busy={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}
