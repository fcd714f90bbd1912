import type { KeyedMessage, MessageKey } from "@hyn/validators/messages";
import { isEmail, splitAddresses } from "@hyn/validators/rules";
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { Button, TextArea } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";

type InviteResult = RouterOutputs["invitations"]["createMany"]["results"][number];

/**
 * The invite form on a group card (PRODUCT "Screens"): one address or several pasted at once (commas, spaces or
 * line breaks), each checked and answered on its own (issue 27). After sending, the field is cleared and the form
 * stays open for more; Enter sends, Shift+Enter starts a new line.
 */
export function InviteForm({ groupId, groupName, onDone }: { groupId: string; groupName: string; onDone: () => void }) {
  const t = useT();
  const [text, setText] = useState("");
  const [error, setError] = useState<MessageKey | null>(null);
  const [results, setResults] = useState<InviteResult[]>([]);
  const count = trpc.invitations.count.useQuery();
  const create = trpc.invitations.create.useMutation();
  const createMany = trpc.invitations.createMany.useMutation();
  const busy = create.isPending || createMany.isPending;
  const utils = trpc.useUtils();
  const toast = useToast();
  const atLimit = count.data !== undefined && count.data.current >= count.data.max;

  function reload() {
    void utils.invitations.outgoing.invalidate();
    void utils.invitations.count.invalidate();
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    const addresses = splitAddresses(text);
    if (addresses.length === 0) return setError("inviteEmailRequired");
    if (addresses.length === 1 && !isEmail(addresses[0]!)) return setError("enterValidEmail");
    setError(null);
    if (addresses.length === 1) {
      setResults([]);
      try {
        const invite = await create.mutateAsync({ groupId, email: addresses[0]! });
        setText("");
        toast.success(t("groups.invitationSent", { email: invite.email }));
        reload();
      } catch (e) {
        toast.error(errorMessage(e, t("groups.createInvitationFailed")));
      }
      return;
    }
    try {
      const answer = await createMany.mutateAsync({ groupId, emails: addresses });
      setResults(answer.results);
      // What was refused stays in the field, to correct and send again.
      setText(
        answer.results
          .filter((r) => !r.sent)
          .map((r) => r.email)
          .join("\n"),
      );
      const sent = answer.results.filter((r) => r.sent).length;
      if (sent > 0) toast.success(t("sharing.invitationsSent", { count: sent }));
      reload();
    } catch (e) {
      toast.error(errorMessage(e, t("groups.createInvitationFailed")));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form
      className="invite-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t("groups.inviteFormLabel", { group: groupName })}
    >
      <TextArea
        label={t("sharing.emailsLabel")}
        name="inviteEmails"
        autoComplete="off"
        rows={2}
        value={text}
        onChange={(e) => (setText(e.target.value), setError(null))}
        onKeyDown={onKeyDown}
        placeholder={t("groups.emailPlaceholder")}
        autoFocus
        error={error === null ? null : errorText(error)}
        hint={`${errorText("inviteHelp")} ${t("sharing.emailsHint")}`}
      />
      {results.length > 0 && (
        <ul className="invite-results" aria-label={t("sharing.inviteResultsLabel")}>
          {results.map((result) => (
            <li key={result.email} className={result.sent ? "invite-result-sent" : "invite-result-refused"}>
              {result.sent ? (
                t("groups.invitationSent", { email: result.email })
              ) : (
                <>
                  <strong>{result.email}</strong>: {errorText(result.refusal as KeyedMessage)}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="invite-form-footer">
        <span className="invite-counter small muted" aria-live="polite">
          {count.data
            ? t("groups.invitationsSentCount", { current: count.data.current, max: count.data.max })
            : "\u00a0"}
        </span>
        <div className="row">
          <Button variant="secondary" className="btn-small" onClick={onDone} disabled={busy}>
            {t("sharing.close")}
          </Button>
          <span title={atLimit ? errorText("invitationLimitTooltip") : undefined}>
            <Button type="submit" needsNetwork className="btn-small" busy={busy} disabled={atLimit}>
              {t("groups.createInvite")}
            </Button>
          </span>
        </div>
      </div>
      {atLimit && <p className="small field-error">{errorText("invitationLimitTooltip")}</p>}
    </form>
  );
}
