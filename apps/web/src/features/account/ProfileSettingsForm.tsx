import { MAX_GENERAL_AREA_LENGTH, MAX_NAME_LENGTH, MAX_PHONE_LENGTH } from "@hyn/validators/policy";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { SaveStatus, useSaveNote } from "../../components/SaveStatus";
import { Card, TextField } from "../../components/ui";
import { errorMessage, trpc, type CurrentUser } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";
import { useAuth } from "../auth/AuthProvider";
import { planFieldSave, profileValuesOf, type ProfileErrors, type ProfileValues } from "./profileChanges";
import "./account.css";

type Key = keyof ProfileValues;

/**
 * Your details. Like everything on the profile (its one save model, PRODUCT "Screens"), each field saves
 * as it is left (or on Enter) and says so under the fields, in place: no Save button, no toast. A value
 * refused stays in its field with the reason; a save that fails keeps what was typed.
 * Not on the web's form model (`components/form/useForm.ts`, issue 39 §3), which sends a whole form on submit
 * and says a refusal no field owns as a toast: here each field is its own save, queued behind the others, and
 * every outcome is said in place (the save note); only its `maxLength`s come from the same policy constants.
 */
export function ProfileSettingsForm({ user }: { user: CurrentUser }) {
  const t = useT();
  const { setUser } = useAuth();
  const updateProfile = trpc.user.updateProfile.useMutation();
  const [draft, setDraft] = useState<Partial<ProfileValues>>({});
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [note, showNote] = useSaveNote();
  // Saves run one after another, each over the latest saved profile, so two quick fields both land.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef({ user, draft });
  useEffect(() => {
    latest.current.draft = draft;
  }, [draft]);
  useEffect(() => {
    latest.current.user = user;
  }, [user]);

  const labels: Record<Key, string> = {
    name: t("profile.nameLabel"),
    phone: t("profile.phoneLabel"),
    generalArea: t("profile.areaLabel"),
  };
  const values: ProfileValues = { ...profileValuesOf(user), ...draft };

  function edit(key: Key, value: string) {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _cleared, ...rest }) => rest);
  }

  const forget = (key: Key, value: string) =>
    setDraft((current) => {
      // A field edited again while saving keeps the newer text: no input is lost to a slow save.
      if (current[key] !== value) return current;
      const { [key]: _saved, ...rest } = current;
      return rest;
    });

  async function saveNow(key: Key) {
    const value = latest.current.draft[key];
    if (value === undefined) return;
    const plan = planFieldSave(latest.current.user, key, value);
    if (plan.error) {
      setErrors((current) => ({ ...current, [key]: plan.error! }));
      return;
    }
    if (!plan.profile) return forget(key, value);
    try {
      const updated = await updateProfile.mutateAsync(plan.profile);
      latest.current.user = updated;
      setUser(updated);
      forget(key, value);
      showNote({ tone: "saved", text: t("profile.fieldSaved", { field: labels[key] }) });
    } catch (e) {
      showNote({ tone: "failed", text: errorMessage(e, t("profile.updateProfileFailed")) });
    }
  }

  /** "Hide my e-mail address from other members" (issue 43 §3): a switch, so it saves when changed, like the others. */
  const [emailHidden, setEmailHidden] = useState(user.emailHidden);
  function saveEmailHidden(hidden: boolean) {
    setEmailHidden(hidden);
    queue.current = queue.current.then(async () => {
      try {
        const { name, phone, generalArea } = latest.current.user;
        const updated = await updateProfile.mutateAsync({ name, phone, generalArea, emailHidden: hidden });
        latest.current.user = updated;
        setUser(updated);
        showNote({ tone: "saved", text: t(hidden ? "profile.emailHiddenSaved" : "profile.emailShownSaved") });
      } catch (e) {
        setEmailHidden(!hidden);
        showNote({ tone: "failed", text: errorMessage(e, t("profile.updateProfileFailed")) });
      }
    });
  }

  const save = (key: Key) => {
    queue.current = queue.current.then(() => saveNow(key));
    return queue.current;
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    // Enter in a field saves it, as leaving it would.
    event.preventDefault();
    for (const key of Object.keys(labels) as Key[]) void save(key);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-details-heading">
      <Card className="settings-section">
        <h2 id="profile-details-heading">{t("profile.detailsTitle")}</h2>
        <p className="section-intro">{t("profile.detailsIntro")}</p>
        <TextField
          label={t("profile.emailLabel")}
          type="email"
          name="email"
          value={user.email}
          readOnly
          hint={t("profile.emailHint")}
        />
        <div className="choice email-hidden-choice">
          <input
            type="checkbox"
            id="profile-email-hidden"
            name="emailHidden"
            checked={emailHidden}
            onChange={(e) => saveEmailHidden(e.target.checked)}
            aria-describedby="profile-email-hidden-hint"
          />
          <div>
            <label htmlFor="profile-email-hidden">{t("profile.emailHiddenLabel")}</label>
            <div id="profile-email-hidden-hint" className="field-hint">
              {t("profile.emailHiddenHint")}
            </div>
          </div>
        </div>
        <TextField
          label={labels.name}
          autoComplete="name"
          maxLength={MAX_NAME_LENGTH}
          name="name"
          value={values.name}
          onChange={(e) => edit("name", e.target.value)}
          onBlur={() => void save("name")}
          error={errors.name && errorText(errors.name)}
        />
        <div className="field-pair">
          <TextField
            label={labels.phone}
            type="tel"
            autoComplete="tel"
            hint={t("profile.phoneHint")}
            maxLength={MAX_PHONE_LENGTH}
            name="phone"
            value={values.phone}
            onChange={(e) => edit("phone", e.target.value)}
            onBlur={() => void save("phone")}
            error={errors.phone && errorText(errors.phone)}
          />
          <TextField
            label={labels.generalArea}
            autoComplete="address-level3"
            hint={t("profile.areaHint")}
            maxLength={MAX_GENERAL_AREA_LENGTH}
            name="generalArea"
            value={values.generalArea}
            onChange={(e) => edit("generalArea", e.target.value)}
            onBlur={() => void save("generalArea")}
            error={errors.generalArea && errorText(errors.generalArea)}
          />
        </div>
        {/* Enter submits the form; the button itself is not shown. */}
        <button type="submit" hidden tabIndex={-1} />
        <SaveStatus note={note} />
      </Card>
    </form>
  );
}
