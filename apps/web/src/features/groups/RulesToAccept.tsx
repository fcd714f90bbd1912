import { useMemo, useRef, useState } from "react";
import { Button, Modal } from "../../components/ui";
import { errorMessage, trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { diffRules } from "./rules-diff";
import { LeaveGroupDialog } from "./LeaveGroupDialog";
import "./groups.css";

/**
 * PRODUCT "Group rules": a group whose rules changed since the member last accepted them asks again on their
 * next visit, before anything else: accept (POST /api/groups/{id}/rules/accept) or leave the group. One group
 * at a time; the dashboard loads this only when its data names such a group.
 */
export function RulesToAccept({
  group,
  onDone,
}: {
  /** `accepted`: the rules as the member last accepted them, when known (issue 43: what changed is marked). */
  group: { id: string; name: string; rules: string; accepted: string | null };
  onDone: () => void;
}) {
  const t = useT();
  const accept = trpc.groups.acceptRules.useMutation();
  const leave = trpc.groups.leave.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // Issue 43: leaving from here asks first, in the same dialog as a group card's Leave Group.
  const [confirmLeave, setConfirmLeave] = useState(false);
  const busy = accept.isPending || leave.isPending;
  // Issue 43: focus starts on Accept, the safe action; Leave Group is one Tab away, never the default.
  const acceptButton = useRef<HTMLButtonElement>(null);
  const lines = useMemo(
    () => (group.accepted === null ? null : diffRules(group.accepted, group.rules)),
    [group.accepted, group.rules],
  );

  async function run(action: () => Promise<unknown>, fallback: string) {
    setFailure(null);
    try {
      await action();
      onDone();
    } catch (e) {
      setFailure(errorMessage(e, fallback));
    } finally {
      setConfirmLeave(false);
    }
  }

  return (
    <>
      <Modal
        title={t("sharing.rulesChangedTitle", { name: group.name })}
        open
        // Blocking: neither Escape nor a click outside dismisses it; the member accepts or leaves.
        onClose={() => undefined}
        initialFocus={acceptButton}
        footer={
          <>
            <Button
              needsNetwork
              variant="secondary"
              disabled={busy}
              busy={leave.isPending}
              onClick={() => setConfirmLeave(true)}
            >
              {t("groups.leaveGroup")}
            </Button>
            <Button
              ref={acceptButton}
              needsNetwork
              busy={accept.isPending}
              disabled={busy}
              onClick={() => void run(() => accept.mutateAsync({ groupId: group.id }), t("sharing.acceptRulesFailed"))}
            >
              {t("sharing.acceptRules")}
            </Button>
          </>
        }
      >
        <p>{t("sharing.rulesChangedText")}</p>
        {lines === null ? (
          <p className="group-rules-text rules-dialog-text">{group.rules}</p>
        ) : (
          <>
            <p className="small">{t("sharing.rulesChangesLegend")}</p>
            <div className="group-rules-text rules-dialog-text rules-diff" data-testid="rules-diff">
              {lines.map((line, index) =>
                line.kind === "added" ? (
                  <ins key={index} className="rules-line rules-line-added">
                    <span className="visually-hidden">{t("sharing.rulesAddedLine")}</span>
                    {line.text}
                  </ins>
                ) : line.kind === "removed" ? (
                  <del key={index} className="rules-line rules-line-removed">
                    <span className="visually-hidden">{t("sharing.rulesRemovedLine")}</span>
                    {line.text}
                  </del>
                ) : (
                  <span key={index} className="rules-line">
                    {line.text}
                  </span>
                ),
              )}
            </div>
          </>
        )}
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
      </Modal>
      <LeaveGroupDialog
        groupId={group.id}
        open={confirmLeave}
        isOwner={false}
        busy={leave.isPending}
        onConfirm={() => void run(() => leave.mutateAsync({ groupId: group.id }), t("groups.leaveGroupFailed"))}
        onClose={() => setConfirmLeave(false)}
      />
    </>
  );
}
