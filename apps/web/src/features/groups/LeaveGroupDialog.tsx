import { ConfirmModal } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { LeaveEffects } from "./LeaveEffects";

/**
 * The one Leave Group confirmation (PRODUCT "Screens", issue 43): the question and, for a member, what leaving
 * does to their things in the group. Opened from a group's card and from the rules-changed dialog.
 */
export function LeaveGroupDialog({
  groupId,
  open,
  isOwner,
  busy,
  onConfirm,
  onClose,
}: {
  groupId: string;
  open: boolean;
  /** An owner who is the last member deletes the group: nothing of theirs departs from it. */
  isOwner: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <ConfirmModal
      open={open}
      title={t("groups.leaveGroup")}
      message={t("groups.leaveConfirm")}
      details={open && !isOwner ? <LeaveEffects groupId={groupId} /> : undefined}
      confirmLabel={t("groups.leaveGroup")}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
