import { useState } from "react";
import { Button, Modal } from "../../components/ui";
import { errorMessage, trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
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
  group: { id: string; name: string; rules: string };
  onDone: () => void;
}) {
  const t = useT();
  const accept = trpc.groups.acceptRules.useMutation();
  const leave = trpc.groups.leave.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = accept.isPending || leave.isPending;

  async function run(action: () => Promise<unknown>, fallback: string) {
    setFailure(null);
    try {
      await action();
      onDone();
    } catch (e) {
      setFailure(errorMessage(e, fallback));
    }
  }

  return (
    <Modal
      title={t("sharing.rulesChangedTitle", { name: group.name })}
      open
      // Blocking: neither Escape nor a click outside dismisses it; the member accepts or leaves.
      onClose={() => undefined}
      footer={
        <>
          <Button
            needsNetwork
            variant="secondary"
            disabled={busy}
            busy={leave.isPending}
            onClick={() => void run(() => leave.mutateAsync({ groupId: group.id }), t("groups.leaveGroupFailed"))}
          >
            {t("groups.leaveGroup")}
          </Button>
          <Button
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
      <p className="group-rules-text rules-dialog-text">{group.rules}</p>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </Modal>
  );
}
