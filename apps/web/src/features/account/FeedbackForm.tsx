import { MAX_FEEDBACK_MESSAGE_LENGTH, MAX_NAME_LENGTH } from "@hyn/validators/policy";
import { FEEDBACK_SUBJECTS, isEmail } from "@hyn/validators/rules";
import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button, SelectField, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";
import type { MessageId } from "@hyn/i18n/catalogs";
import "./account.css";

/** PRODUCT "Screens": home follows a sent message after 2 seconds. */
const REDIRECT_AFTER_MS = 2000;

type Subject = (typeof FEEDBACK_SUBJECTS)[number];
const isSubject = (value: string): value is Subject => (FEEDBACK_SUBJECTS as readonly string[]).includes(value);

interface FeedbackDraft {
  name?: string;
  email?: string;
  subject: Subject | "";
  message: string;
}
type FeedbackErrors = { email?: string; message?: string };

const EMPTY: FeedbackDraft = { subject: "", message: "" };

/** The subjects as the reader's language names them; the stored value stays the spec's English. */
const SUBJECT_LABELS: Record<Subject, MessageId<"about">> = {
  "Bug Report": "about.subjectBugReport",
  "Feature Request": "about.subjectFeatureRequest",
  "General Feedback": "about.subjectGeneralFeedback",
  "User Experience": "about.subjectUserExperience",
  "Technical Issue": "about.subjectTechnicalIssue",
  Other: "about.subjectOther",
};

export function FeedbackForm() {
  const t = useT();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const send = trpc.feedback.send.useMutation();
  // Name and e-mail show the signed-in user's until edited (the user may load after the form).
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [sent, setSent] = useState(false);
  const name = draft.name ?? user?.name ?? "";
  const email = draft.email ?? user?.email ?? "";

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => void navigate("/"), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  function edit(change: Partial<FeedbackDraft>) {
    setDraft((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key as keyof FeedbackErrors];
      return next;
    });
  }

  function cancel() {
    // "default" is the first page of this visit: there is no "back" inside the app.
    if (location.key === "default") void navigate("/");
    else void navigate(-1);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FeedbackErrors = {};
    if (!draft.message.trim()) found.message = errorText("enterMessage");
    if (!email.trim()) found.email = errorText("enterYourEmail");
    else if (!isEmail(email.trim())) found.email = errorText("enterValidEmail");
    setErrors(found);
    const firstInvalid = (["email", "message"] as const).find((key) => found[key]);
    if (firstInvalid) {
      (event.currentTarget.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    try {
      await send.mutateAsync({
        name: name.trim() || null,
        email: email.trim(),
        subject: draft.subject || null,
        message: draft.message,
      });
      setDraft(EMPTY);
      setSent(true);
      toast.success(t("about.sentToast"));
    } catch (e) {
      toast.error(errorMessage(e, t("about.sendFailed")));
    }
  }

  const busy = send.isPending || sent;
  return (
    <form onSubmit={submit} noValidate aria-label={t("about.feedbackForm")}>
      <div className="field-pair">
        <TextField
          label={t("about.nameOptional")}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => edit({ name: e.target.value })}
          maxLength={MAX_NAME_LENGTH}
        />
        <TextField
          label={t("about.email")}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => edit({ email: e.target.value })}
          error={errors.email}
          hint={t("about.emailHint")}
          required
        />
      </div>
      <SelectField
        label={t("about.subjectOptional")}
        name="subject"
        value={draft.subject}
        onChange={(e) => edit({ subject: isSubject(e.target.value) ? e.target.value : "" })}
      >
        <option value="">{t("about.chooseSubject")}</option>
        {FEEDBACK_SUBJECTS.map((subject) => (
          <option key={subject} value={subject}>
            {t(SUBJECT_LABELS[subject])}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={t("about.message")}
        name="message"
        rows={6}
        value={draft.message}
        onChange={(e) => edit({ message: e.target.value })}
        error={errors.message}
        placeholder={t("about.messagePlaceholder")}
        maxLength={MAX_FEEDBACK_MESSAGE_LENGTH}
        required
      />
      {sent && (
        <p className="alert alert-success" role="status">
          {t("about.sentNote")}
        </p>
      )}
      <div className="form-actions">
        <Button variant="secondary" onClick={cancel} disabled={send.isPending}>
          {t("about.cancel")}
        </Button>
        <Button needsNetwork type="submit" busy={busy}>
          {send.isPending ? t("about.sending") : t("about.send")}
        </Button>
      </div>
    </form>
  );
}
