import type { EmailFrequency } from "@hyn/validators/rules";
import type { MessageId } from "@hyn/i18n/catalogs";
import { useId, useState, type FormEvent } from "react";
import { Alert, Button, Card } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { errorMessage, trpc, type CurrentUser } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";
import {
  deviceLabel,
  pushSupport,
  rememberThisDevice,
  serviceWorkerRegistration,
  subscribeThisBrowser,
} from "../push/browser-push";
import "./account.css";

/** The answers, in this order; each is a profile frequency ("Only in the app" is Never). */
const CHOICES: { value: EmailFrequency; label: MessageId<"profile">; hint: MessageId<"profile"> }[] = [
  { value: "immediate", label: "profile.askImmediate", hint: "profile.askImmediateHint" },
  { value: "daily", label: "profile.askDaily", hint: "profile.askDailyHint" },
  { value: "weekly", label: "profile.askWeekly", hint: "profile.askWeeklyHint" },
  { value: "disabled", label: "profile.askAppOnly", hint: "profile.askAppOnlyHint" },
];

/** "Not now" holds for this visit (this tab's session), for this account. */
const notNowKey = (userId: string) => `hyn.notifications-question.not-now.${userId}`;

function saidNotNow(userId: string): boolean {
  try {
    return sessionStorage.getItem(notNowKey(userId)) === "1";
  } catch {
    return false;
  }
}

function rememberNotNow(userId: string): void {
  try {
    sessionStorage.setItem(notNowKey(userId), "1");
  } catch {
    // Storage refused (a private window): the question is hidden for this page only.
  }
}

/**
 * PRODUCT "Asked once" (issue 26): the stored default is Never, so the first dashboard and the first group
 * joined ask how to tell the person of neighbours' requests, once per account (the server remembers an
 * answer), into the same preference the profile shows; and, where this browser can, push on it. "Not now"
 * hides it for this visit only: it is asked again on the next one, and until it is answered the groups the
 * person joined by invitation or link reach them in the daily summary (issue 43 §5).
 */
export function NotificationsQuestion({ viewer }: { viewer: CurrentUser }) {
  const t = useT();
  const { setUser } = useAuth();
  const toast = useToast();
  const utils = trpc.useUtils();
  const answer = trpc.user.answerNotificationsQuestion.useMutation();
  const subscribe = trpc.push.subscribe.useMutation();
  const baseId = useId();
  const [choice, setChoice] = useState<EmailFrequency | null>(null);
  const [push, setPush] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"save" | null>(null);
  const canPush = pushSupport() === "supported";

  const [notNow, setNotNow] = useState(() => saidNotNow(viewer.id));

  if (viewer.notificationsAsked || notNow) return null;

  function skip() {
    rememberNotNow(viewer.id);
    setNotNow(true);
  }

  async function turnOnPush(): Promise<void> {
    const registration = await serviceWorkerRegistration();
    if (!registration || (await Notification.requestPermission()) !== "granted") throw new Error("no push");
    const { publicKey } = await utils.push.vapidPublicKey.fetch();
    const subscription = await subscribeThisBrowser(registration, publicKey);
    const device = await subscribe.mutateAsync({
      endpoint: subscription.endpoint ?? "",
      keys: { p256dh: subscription.keys?.p256dh ?? "", auth: subscription.keys?.auth ?? "" },
      label: deviceLabel(),
    });
    rememberThisDevice(viewer.id, device.id);
  }

  async function send(frequency: EmailFrequency) {
    setBusy("save");
    setError(null);
    try {
      // Push first: the browser's own question follows the tap, and a refusal still saves the answer.
      let pushFailed = false;
      if (frequency === "immediate" && push && canPush) await turnOnPush().catch(() => (pushFailed = true));
      const user = await answer.mutateAsync({ frequency });
      void utils.user.notificationPreferences.invalidate();
      void utils.user.emailPreferences.invalidate();
      toast.success(t("profile.askSaved"));
      if (pushFailed) toast.error(t("profile.askPushFailed"));
      setUser(user);
    } catch (e) {
      setError(errorMessage(e, t("profile.askFailed")));
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (choice !== null) void send(choice);
  }

  return (
    <Card className="notifications-question" aria-labelledby={`${baseId}-title`} data-testid="notifications-question">
      <form onSubmit={submit} noValidate>
        <fieldset className="choice-fieldset" aria-describedby={`${baseId}-text`}>
          <legend>
            <h2 id={`${baseId}-title`}>{t("profile.askTitle")}</h2>
          </legend>
          <p id={`${baseId}-text`} className="muted small">
            {t("profile.askText")}
          </p>
          <div className="choice-list">
            {CHOICES.map((option) => {
              const id = `${baseId}-${option.value}`;
              return (
                <div className="choice" key={option.value}>
                  <input
                    type="radio"
                    id={id}
                    name={`${baseId}-frequency`}
                    value={option.value}
                    checked={choice === option.value}
                    onChange={() => setChoice(option.value)}
                    aria-describedby={`${id}-hint`}
                  />
                  <div>
                    <label htmlFor={id}>{t(option.label)}</label>
                    <div id={`${id}-hint`} className="field-hint">
                      {t(option.hint)}
                    </div>
                  </div>
                </div>
              );
            })}
          </div>
          {canPush && choice === "immediate" && (
            <div className="choice notifications-question-push">
              <input
                type="checkbox"
                id={`${baseId}-push`}
                checked={push}
                onChange={(event) => setPush(event.target.checked)}
                aria-describedby={`${baseId}-push-hint`}
              />
              <div>
                <label htmlFor={`${baseId}-push`}>{t("profile.askPush")}</label>
                <div id={`${baseId}-push-hint`} className="field-hint">
                  {t("profile.askPushHint")}
                </div>
              </div>
            </div>
          )}
        </fieldset>
        {error && <Alert>{error}</Alert>}
        <div className="row row-end notifications-question-actions">
          <Button variant="secondary" onClick={skip} disabled={busy !== null}>
            {t("profile.askSkip")}
          </Button>
          <Button needsNetwork type="submit" busy={busy === "save"} disabled={busy !== null || choice === null}>
            {t("profile.askSave")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
