import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { messages } from "@hyn/validators/messages";
import { isEmail } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Button, Card, TextField } from "../components/ui";
import { useToast } from "../components/Toasts";
import { StatusView } from "../features/account/StatusView";
import { errorMessage, trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";

export default function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  const toast = useToast();
  const requestReset = trpc.auth.requestPasswordReset.useMutation();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return setError(messages.enterYourEmail);
    if (!isEmail(address)) return setError(messages.enterValidEmail);
    setError(null);
    try {
      await requestReset.mutateAsync({ email: address });
      setSentTo(address);
    } catch (e) {
      toast.error(errorMessage(e, "Failed to send reset email"));
    }
  }

  if (sentTo) {
    // The same words whether or not the address has an account (DESIGN §6).
    return (
      <StatusView tone="success" title="Check your email" takeFocus>
        <p>
          If an account exists for
          <strong className="status-email">{sentTo}</strong>
          you will receive a link to reset your password. The link expires in {AUTH_LINK_VALIDITY_HOURS} hours.
        </p>
        <div className="status-actions">
          <Link to="/login" className="btn btn-primary">
            Back to Login
          </Link>
          <Button variant="ghost" onClick={() => setSentTo(null)}>
            Use a different email
          </Button>
        </div>
        <div className="status-help">
          <h2>Nothing arrived?</h2>
          <ul>
            <li>Check your spam or junk folder.</li>
            <li>It can take a minute or two to arrive.</li>
          </ul>
        </div>
      </StatusView>
    );
  }

  return (
    <div className="page page-narrow">
      <Card className="auth-card">
        <h1>Forgot your password?</h1>
        <p className="subtitle">Enter your email address and we&apos;ll send you a link to choose a new one.</p>
        <form onSubmit={submit} noValidate>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => (setEmail(e.target.value), setError(null))}
            error={error}
            autoFocus
          />
          <Button type="submit" className="btn-block" busy={requestReset.isPending}>
            {requestReset.isPending ? "Sending…" : "Send Reset Link"}
          </Button>
        </form>
        <p className="auth-links">
          Remembered it? <Link to="/login">Back to login</Link>
        </p>
      </Card>
    </div>
  );
}
