import { MAX_FEEDBACK_MESSAGE_LENGTH, MAX_NAME_LENGTH } from "@hyn/validators/policy";
import { FEEDBACK_SUBJECTS, isEmail } from "@hyn/validators/rules";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button, SelectField, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { trpc } from "../../lib/trpc";
import { useForm, type FormErrors } from "../../components/form/useForm";
import { useAuth } from "../auth/AuthProvider";
import { useT } from "../../i18n/useT";
import type { MessageId } from "@hyn/i18n/catalogs";
import "./account.css";

/** PRODUCT "Screens": home follows a sent message after 2 seconds. */
const REDIRECT_AFTER_MS = 2000;

type Subject = (typeof FEEDBACK_SUBJECTS)[number];
const isSubject = (value: string): value is Subject => (FEEDBACK_SUBJECTS as readonly string[]).includes(value);

interface FeedbackValues {
  name: string;
  email: string;
  subject: Subject | "";
  message: string;
}
// In the order the form shows them: the first one with an error takes the focus.
const FIELD_IDS = { email: "feedback-email", message: "feedback-message" } as const;

function validate(values: FeedbackValues) {
  const errors: FormErrors<keyof typeof FIELD_IDS> = {};
  const email = values.email.trim();
  if (!values.message.trim()) errors.message = "enterMessage";
  if (!email) errors.email = "enterYourEmail";
  else if (!isEmail(email)) errors.email = "enterValidEmail";
  const input = {
    name: values.name.trim() || null,
    email,
    subject: values.subject || null,
    message: values.message,
  };
  return { errors, input: Object.keys(errors).length > 0 ? null : input };
}

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
  const utils = trpc.useUtils();
  const [sent, setSent] = useState(false);
  // Name and e-mail show the signed-in user's until edited (the user may load after the form).
  const initial: FeedbackValues = { name: user?.name ?? "", email: user?.email ?? "", subject: "", message: "" };
  const form = useForm({
    initial,
    ids: FIELD_IDS,
    maxLengths: { name: MAX_NAME_LENGTH, message: MAX_FEEDBACK_MESSAGE_LENGTH },
    validate,
    send: async (input) => {
      await utils.client.feedback.send.mutate(input);
      setSent(true);
      toast.success(t("about.sentToast"));
    },
    failureText: t("about.sendFailed"),
  });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => void navigate("/"), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  function cancel() {
    // "default" is the first page of this visit: there is no "back" inside the app.
    if (location.key === "default") void navigate("/");
    else void navigate(-1);
  }

  const busy = form.busy || sent;
  return (
    <form onSubmit={form.submit} noValidate aria-label={t("about.feedbackForm")}>
      <div className="field-pair">
        <TextField label={t("about.nameOptional")} {...form.field("name")} autoComplete="name" />
        <TextField
          label={t("about.email")}
          {...form.field("email")}
          type="email"
          autoComplete="email"
          hint={t("about.emailHint")}
          required
        />
      </div>
      <SelectField
        label={t("about.subjectOptional")}
        name="subject"
        value={form.values.subject}
        onChange={(e) => form.set("subject", isSubject(e.target.value) ? e.target.value : "")}
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
        {...form.field("message")}
        rows={6}
        placeholder={t("about.messagePlaceholder")}
        required
      />
      {sent && (
        <p className="alert alert-success" role="status">
          {t("about.sentNote")}
        </p>
      )}
      <div className="form-actions">
        <Button variant="secondary" onClick={cancel} disabled={form.busy}>
          {t("about.cancel")}
        </Button>
        <Button needsNetwork type="submit" busy={busy}>
          {form.busy ? t("about.sending") : t("about.send")}
        </Button>
      </div>
    </form>
  );
}
