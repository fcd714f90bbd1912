import type { KeyedMessage } from "@hyn/validators/messages";
import { isEmail, splitAddresses } from "@hyn/validators/rules";
import { useState, type KeyboardEvent } from "react";
import { Button, TextArea } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { useForm } from "../../components/form/useForm";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";

type InviteResult = RouterOutputs["invitations"]["createMany"]["results"][number];

/**
 * The invite form on a group card (PRODUCT "Screens"): one address or several pasted at once (commas, semicolons, spaces or
 * line breaks; address-book forms such as `Name <address>`, issue 43), each checked and answered on its own (issue 27). After sending, the field is cleared and the form
 * stays open for more; Enter sends, Shift+Enter starts a new line.
 */
export function InviteForm({ groupId, groupName, onDone }: { groupId: string; groupName: string; onDone: () => void }) {
  const t = useT();
  const [results, setResults] = useState<InviteResult[]>([]);
  const count = trpc.invitations.count.useQuery();
  const utils = trpc.useUtils();
  const toast = useToast();
  const atLimit = count.data !== undefined && count.data.current >= count.data.max;

  function reload() {
    void utils.invitations.outgoing.invalidate();
    void utils.invitations.count.invalidate();
  }

  const form = useForm({
    initial: { inviteEmails: "" },
    // Each group card has its own form.
    ids: { inviteEmails: `invite-emails-${groupId}` },
    validate: ({ inviteEmails }) => {
      const addresses = splitAddresses(inviteEmails);
      if (addresses.length === 0) return { errors: { inviteEmails: "inviteEmailRequired" as const }, input: null };
      if (addresses.length === 1 && !isEmail(addresses[0]!))
        return { errors: { inviteEmails: "enterValidEmail" as const }, input: null };
      return { errors: {}, input: addresses };
    },
    send: async (addresses) => {
      if (addresses.length === 1) {
        setResults([]);
        const invite = await utils.client.invitations.create.mutate({ groupId, email: addresses[0]! });
        form.set("inviteEmails", "");
        toast.success(t("groups.invitationSent", { email: invite.email }));
        reload();
        return;
      }
      const answer = await utils.client.invitations.createMany.mutate({ groupId, emails: addresses });
      setResults(answer.results);
      // What was refused stays in the field, to correct and send again.
      form.set(
        "inviteEmails",
        answer.results
          .filter((r) => !r.sent)
          .map((r) => r.email)
          .join("\n"),
      );
      const sent = answer.results.filter((r) => r.sent).length;
      if (sent > 0) toast.success(t("sharing.invitationsSent", { count: sent }));
      reload();
    },
    // The field says what is left to send (the refused addresses), so the form does not start again by itself.
    keepValues: true,
    failureText: t("groups.createInvitationFailed"),
  });
  const { busy } = form;

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void form.submit();
    }
  }

  return (
    <form
      className="invite-form"
      onSubmit={(e) => void form.submit(e)}
      noValidate
      aria-label={t("groups.inviteFormLabel", { group: groupName })}
    >
      <TextArea
        label={t("sharing.emailsLabel")}
        {...form.field("inviteEmails")}
        autoComplete="off"
        rows={2}
        onKeyDown={onKeyDown}
        placeholder={t("groups.emailPlaceholder")}
        autoFocus
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
