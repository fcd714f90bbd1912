import { ConfirmModal } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { useBlocking, type Person } from "./useBlocking";

/** "Block {name}?" with what it does; confirming blocks and closes. */
export function BlockDialog({ person, onClose }: { person: Person | null; onClose: (blocked: boolean) => void }) {
  const t = useT();
  const blocking = useBlocking();
  const name = person ? blocking.nameOf(person) : "";
  return (
    <ConfirmModal
      open={person !== null}
      title={t("blocking.blockTitle", { name })}
      message={t("blocking.blockExplanation")}
      confirmLabel={t("blocking.blockConfirm")}
      busy={blocking.busy}
      onConfirm={() => {
        if (person) void blocking.block(person).then(onClose);
      }}
      onClose={() => onClose(false)}
    />
  );
}
