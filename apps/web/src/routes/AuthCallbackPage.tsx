import { useEffect, useEffectEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Card, Spinner } from "../components/ui";
import { useToast } from "../components/Toasts";
import { takeAfterConfirm } from "../features/account/afterConfirmRedirect";
import {
  callbackMessage,
  classifyLink,
  verificationFailure,
  verifyOnce,
  type CallbackOutcome,
} from "../features/account/authCallback";
import { useStartSession } from "../features/account/useStartSession";
import { errorStatus, trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";

/** Where e-mailed links land (PRODUCT "Screens"): confirms a sign-up, or forwards a reset link to its form. */
export default function AuthCallbackPage() {
  const t = useT();
  usePageTitle(t("auth.callbackTitle"));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const startSession = useStartSession();
  const client = trpc.useUtils().client;
  const tokenHash = params.get("token_hash");
  const type = params.get("type");

  // An effect event: re-renders (a new user, a new toast) must not re-run the effect below.
  const applyOutcome = useEffectEvent((result: CallbackOutcome) => {
    switch (result.kind) {
      case "verified":
        startSession(result.user);
        toast.success(t("auth.callbackConfirmed"));
        void navigate(takeAfterConfirm(result.user.email), { replace: true });
        break;
      case "recovery":
        void navigate(result.to, { replace: true });
        break;
      case "error":
        // Said on the page it leads to: an error said here would go when this page does.
        void Promise.resolve(
          navigate(result.to, { replace: true, state: result.offerResend ? { offerResend: true } : undefined }),
        ).then(() => toast.error(callbackMessage(result.message, t)));
        break;
    }
  });

  useEffect(() => {
    // Only the effect run that is still current applies the outcome (StrictMode rehearses a first
    // run and drops it); the server call itself happens once per token (verifyOnce).
    let current = true;
    const link = classifyLink(tokenHash, type);
    const outcome: Promise<CallbackOutcome> =
      link.kind === "verify"
        ? verifyOnce(link.tokenHash, () =>
            client.auth.verifyEmail
              .mutate({ token_hash: link.tokenHash })
              .then((result): CallbackOutcome => ({ kind: "verified", user: result.user }))
              .catch((error: unknown) => verificationFailure(errorStatus(error))),
          )
        : Promise.resolve(link);
    void outcome.then((result) => {
      if (current) applyOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [tokenHash, type, client]);

  return (
    <div className="page page-narrow">
      <Card className="auth-card" aria-busy="true">
        <h1>{t("auth.callbackTitle")}</h1>
        <Spinner label={t("auth.callbackChecking")} />
      </Card>
    </div>
  );
}
