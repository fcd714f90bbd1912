import { MAX_MODERATION_REASON_LENGTH } from "@hyn/validators/policy";
import { useState } from "react";
import { Button, Modal } from "../../components/ui";
import { useT } from "../../i18n/useT";

/**
 * The confirmation every admin action asks for (issue 29): what it does, a reason for the audit log
 * (required where the API requires one: a suspension), and the action's own button. Mount it with a
 * `key` per action so each opens empty.
 */
export function ModerationDialog({
  title,
  explain,
  confirmLabel,
  reasonRequired = false,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  explain: string;
  confirmLabel: string;
  reasonRequired?: boolean;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);

  function confirm() {
    const given = reason.trim();
    if (reasonRequired && given === "") {
      setMissing(true);
      return;
    }
    onConfirm(given);
  }

  return (
    <Modal
      open
      title={title}
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button needsNetwork variant="danger" busy={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{explain}</p>
      <div className={`field${missing ? " field-invalid" : ""}`}>
        <label htmlFor="moderation-reason">
          {reasonRequired ? t("admin.reasonLabel") : t("admin.reasonOptionalLabel")}
        </label>
        <input
          id="moderation-reason"
          value={reason}
          maxLength={MAX_MODERATION_REASON_LENGTH}
          required={reasonRequired}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? "moderation-reason-error" : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
        />
        {missing && (
          <p id="moderation-reason-error" className="field-error" role="alert">
            {t("admin.reasonRequired")}
          </p>
        )}
      </div>
    </Modal>
  );
}
