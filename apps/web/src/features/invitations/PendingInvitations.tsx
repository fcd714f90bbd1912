import { useState, type ReactNode } from "react";
import { Button, Modal } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useLoadFailureToast } from "../../components/useLoadFailureToast";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { useGroupsCache, type Group } from "../../lib/useGroupsCache";
import { useT } from "../../i18n/useT";
import { expiresInText, sentAgoText } from "./relative-time";
import { useNow } from "./useNow";
import { richText } from "../../i18n/richText";
import { RulesConsent } from "./RulesConsent";
import "./invitations.css";
import "../groups/groups.css";

type Incoming = RouterOutputs["invitations"]["pending"][number];

/**
 * The incoming panel (PRODUCT "Screens") "Pending Group Invitations", hidden when empty. Accepting adds the group to
 * the list and tells the parent (which highlights it); both answers drop the invitation from the panel. A group with
 * rules shows them first, and joins only once they are accepted, as on the join page (PRODUCT "Group rules").
 */
export function PendingInvitations({
  onJoined,
  whenEmpty = null,
}: {
  onJoined?: (group: Group) => void;
  /** Shown once it is known that no invitation waits (a newcomer's dashboard: their other next steps). */
  whenEmpty?: ReactNode;
}) {
  const t = useT();
  const pending = trpc.invitations.pending.useQuery();
  const accept = trpc.invitations.accept.useMutation();
  const decline = trpc.invitations.decline.useMutation();
  const utils = trpc.useUtils();
  const cache = useGroupsCache();
  const toast = useToast();
  const now = useNow();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [withRules, setWithRules] = useState<Incoming | null>(null);
  const [rulesAccepted, setRulesAccepted] = useState(false);
  const [rulesMissing, setRulesMissing] = useState(false);

  function askRules(invitation: Incoming) {
    setRulesAccepted(false);
    setRulesMissing(false);
    setWithRules(invitation);
  }

  async function acceptWithRules() {
    if (!withRules) return;
    if (!rulesAccepted) {
      setRulesMissing(true);
      return;
    }
    await answer(withRules, "accept", true);
    setWithRules(null);
  }

  useLoadFailureToast(pending, t("groups.loadPendingFailed"));

  const drop = (id: string) => utils.invitations.pending.setData(undefined, (list) => list?.filter((i) => i.id !== id));

  async function answer(invitation: Incoming, choice: "accept" | "decline", acceptRules?: boolean) {
    setBusyId(invitation.id);
    try {
      if (choice === "accept") {
        const group = await accept.mutateAsync({ id: invitation.id, acceptRules });
        drop(invitation.id);
        cache.addGroup(group);
        toast.success(t("groups.joinedGroup", { name: group.name }));
        onJoined?.(group);
      } else {
        await decline.mutateAsync({ id: invitation.id });
        drop(invitation.id);
        toast.success(t("groups.invitationDeclined"));
      }
    } catch (e) {
      toast.error(errorMessage(e, choice === "accept" ? t("groups.acceptFailed") : t("groups.declineFailed")));
      void utils.invitations.pending.invalidate();
    } finally {
      setBusyId(null);
    }
  }

  if (pending.isPending) return null;
  if (!pending.data || pending.data.length === 0) return whenEmpty;
  return (
    <section className="invitation-panel invitation-panel-incoming" aria-labelledby="incoming-invitations-title">
      <h2 id="incoming-invitations-title">{t("groups.pendingTitle")}</h2>
      <ul className="invitation-list">
        {pending.data.map((invitation) => (
          <li
            key={invitation.id}
            className="invitation-card"
            aria-label={t("groups.invitationTo", { name: invitation.groupName })}
          >
            <div className="invitation-main">
              <h3 className="invitation-group">{invitation.groupName}</h3>
              <p className="invitation-meta">
                {richText((values) => t("groups.invitedBy", values), {
                  name: <strong>{invitation.inviterName}</strong>,
                })}
              </p>
              <p className="invitation-times small muted">
                <span>
                  <span className="visually-hidden">{t("groups.sentLabel")} </span>
                  {sentAgoText(invitation.createdAt, now, t)}
                </span>
                <span aria-hidden="true"> · </span>
                <span>{expiresInText(invitation.expiresAt, now, t)}</span>
              </p>
            </div>
            <div className="invitation-actions">
              <Button
                variant="secondary"
                className="btn-small"
                disabled={busyId !== null}
                needsNetwork
                busy={busyId === invitation.id && decline.isPending}
                onClick={() => void answer(invitation, "decline")}
              >
                {t("groups.decline")}
              </Button>
              <Button
                className="btn-small"
                disabled={busyId !== null}
                needsNetwork
                busy={busyId === invitation.id && accept.isPending}
                onClick={() => (invitation.groupRules ? askRules(invitation) : void answer(invitation, "accept"))}
              >
                {t("groups.accept")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={withRules !== null}
        title={t("sharing.rulesChangedTitle", { name: withRules?.groupName ?? "" })}
        onClose={() => {
          if (!accept.isPending) setWithRules(null);
        }}
        footer={
          <>
            <Button variant="secondary" disabled={accept.isPending} onClick={() => setWithRules(null)}>
              {t("common.cancel")}
            </Button>
            <Button needsNetwork busy={accept.isPending} onClick={() => void acceptWithRules()}>
              {t("groups.joinGroup")}
            </Button>
          </>
        }
      >
        <p>{t("groups.rulesBeforeJoining")}</p>
        <p className="group-rules-text rules-dialog-text">{withRules?.groupRules}</p>
        <RulesConsent
          id="invitation-accept-rules"
          checked={rulesAccepted}
          missing={rulesMissing}
          onChange={setRulesAccepted}
        />
      </Modal>
    </section>
  );
}
