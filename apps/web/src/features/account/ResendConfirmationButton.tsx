import { Button } from "../../components/ui";
import { errorMessage, retryAfterSeconds, trpc } from "../../lib/trpc";
import { useCountdown } from "../../lib/useCountdown";

/** SPEC §8: resend asked with no address. */
const NO_EMAIL = "No email address found. Please try signing up again.";

/**
 * Asks for a new confirmation e-mail. The server answers the same for any address (DESIGN §6) and
 * allows one e-mail a minute per address: a refusal turns into a countdown on the button (from
 * Retry-After) instead of an error next to the earlier success.
 */
export function ResendConfirmationButton({
  email,
  label,
  variant = "primary",
  className,
  missingEmailMessage = NO_EMAIL,
  onSent,
  onError,
}: {
  /** The address to send to; null when there is none (onError gets `missingEmailMessage`). */
  email: string | null;
  missingEmailMessage?: string;
  label: string;
  variant?: "primary" | "secondary";
  className?: string;
  onSent: (email: string) => void;
  onError: (message: string) => void;
}) {
  const resend = trpc.auth.resendConfirmation.useMutation();
  const [waitSeconds, startWait] = useCountdown();

  async function send() {
    if (!email) return onError(missingEmailMessage);
    try {
      await resend.mutateAsync({ email });
      onSent(email);
    } catch (e) {
      const wait = retryAfterSeconds(e);
      if (wait) startWait(wait);
      else onError(errorMessage(e, "Failed to resend email"));
    }
  }

  return (
    <Button variant={variant} className={className} onClick={send} busy={resend.isPending} disabled={waitSeconds > 0}>
      {resend.isPending ? "Sending…" : waitSeconds > 0 ? `${label} (${waitSeconds} s)` : label}
    </Button>
  );
}
