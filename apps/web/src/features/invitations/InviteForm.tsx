import type { MessageKey } from "@hyn/validators/messages";
import { isEmail } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Button, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";

/** The invite form on a group card (PRODUCT "Screens"); after sending: field cleared, form closed, sent list and count reloaded. */
export function InviteForm({ groupId, groupName, onDone }: { groupId: string; groupName: string; onDone: () => void }) {
  const t = useT();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<MessageKey | null>(null);
  const count = trpc.invitations.count.useQuery();
  const create = trpc.invitations.create.useMutation();
  const utils = trpc.useUtils();
  const toast = useToast();
  const atLimit = count.data !== undefined && count.data.current >= count.data.max;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (address === "") return setError("inviteEmailRequired");
    if (!isEmail(address)) return setError("enterValidEmail");
    setError(null);
    try {
      const invite = await create.mutateAsync({ groupId, email: address });
      setEmail("");
      toast.success(t("groups.invitationSent", { email: invite.email }));
      void utils.invitations.outgoing.invalidate();
      void utils.invitations.count.invalidate();
      onDone();
    } catch (e) {
      const message = errorMessage(e, t("groups.createInvitationFailed"));
      toast.error(message);
    }
  }

  return (
    <form
      className="invite-form"
      onSubmit={submit}
      noValidate
      aria-label={t("groups.inviteFormLabel", { group: groupName })}
    >
      <TextField
        label={t("groups.emailLabel")}
        type="email"
        name="inviteEmail"
        autoComplete="off"
        value={email}
        onChange={(e) => (setEmail(e.target.value), setError(null))}
        placeholder={t("groups.emailPlaceholder")}
        autoFocus
        error={error === null ? null : errorText(error)}
        hint={errorText("inviteHelp")}
      />
      <div className="invite-form-footer">
        <span className="invite-counter small muted" aria-live="polite">
          {count.data
            ? t("groups.invitationsSentCount", { current: count.data.current, max: count.data.max })
            : "\u00a0"}
        </span>
        <div className="row">
          <Button variant="secondary" className="btn-small" onClick={onDone} disabled={create.isPending}>
            {t("groups.cancel")}
          </Button>
          <span title={atLimit ? errorText("invitationLimitTooltip") : undefined}>
            <Button type="submit" className="btn-small" busy={create.isPending} disabled={atLimit}>
              {t("groups.createInvite")}
            </Button>
          </span>
        </div>
      </div>
      {atLimit && <p className="small field-error">{errorText("invitationLimitTooltip")}</p>}
    </form>
  );
}
