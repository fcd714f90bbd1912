import { Button } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { errorMessage, retryAfterSeconds, trpc } from "../../lib/trpc";
import { useCountdown } from "../../lib/useCountdown";

/**
 * Asks for a new confirmation e-mail. The server answers the same for any address (no one learns who has an account) and
 * allows one e-mail a minute per address: a refusal turns into a countdown on the button (from
 * Retry-After) instead of an error next to the earlier success.
 */
export function ResendConfirmationButton({
  email,
  label,
  variant = "primary",
  className,
  missingEmailMessage,
  onSent,
  onError,
}: {
  /** The address to send to; null when there is none (onError gets `missingEmailMessage`, by default "No email address found"). */
  email: string | null;
  missingEmailMessage?: string;
  label: string;
  variant?: "primary" | "secondary";
  className?: string;
  onSent: (email: string) => void;
  onError: (message: string) => void;
}) {
  const t = useT();
  const resend = trpc.auth.resendConfirmation.useMutation();
  const [waitSeconds, startWait] = useCountdown();

  async function send() {
    if (!email) return onError(missingEmailMessage ?? t("auth.noEmailForResend"));
    try {
      await resend.mutateAsync({ email });
      onSent(email);
    } catch (e) {
      const wait = retryAfterSeconds(e);
      if (wait) startWait(wait);
      else onError(errorMessage(e, t("auth.resendFailed")));
    }
  }

  return (
    <Button
      needsNetwork
      variant={variant}
      className={className}
      onClick={send}
      busy={resend.isPending}
      disabled={waitSeconds > 0}
    >
      {resend.isPending
        ? t("auth.sending")
        : waitSeconds > 0
          ? t("auth.resendCountdown", { label, seconds: waitSeconds })
          : label}
    </Button>
  );
}
