import type { EmailFrequency } from "@hyn/validators/rules";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button, Card, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc, type CurrentUser } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";
import { useAuth } from "../auth/AuthProvider";
import { EmailPreferencesFieldset } from "./EmailPreferencesFieldset";
import { planSave, profileValuesOf, type ProfileErrors, type ProfileValues } from "./profileChanges";
import "./account.css";

/** What the user typed or chose and has not saved; absent keys show the saved value. */
type Draft = Partial<ProfileValues> & { frequency?: EmailFrequency };

function withoutSaved(draft: Draft, sent: Draft, keys: (keyof Draft)[]): Draft {
  const next = { ...draft };
  // A key edited again while saving keeps the newer text: no input is lost to a slow save.
  for (const key of keys) if (next[key] === sent[key]) delete next[key];
  return next;
}

const PROFILE_KEYS = ["name", "phone", "generalArea"] as const;

export function ProfileSettingsForm({ user }: { user: CurrentUser }) {
  const t = useT();
  const toast = useToast();
  const { setUser } = useAuth();
  const utils = trpc.useUtils();
  const preferences = trpc.user.emailPreferences.useQuery(undefined, { staleTime: 60_000 });
  const updateProfile = trpc.user.updateProfile.useMutation();
  const updatePreferences = trpc.user.updateEmailPreferences.useMutation();
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (preferences.isError) toast.error(t("profile.loadPreferencesFailed"));
  }, [preferences.isError, preferences.errorUpdatedAt, toast, t]);

  const saved = profileValuesOf(user);
  const values: ProfileValues = { ...saved, ...pick(draft) };
  const savedFrequency = preferences.data?.frequency;
  const frequency = draft.frequency ?? savedFrequency;
  const changed =
    PROFILE_KEYS.some((key) => draft[key] !== undefined && draft[key] !== saved[key]) ||
    (draft.frequency !== undefined && draft.frequency !== savedFrequency);

  function edit(change: Draft) {
    setDraft((current) => ({ ...current, ...change }));
    const cleared = Object.keys(change).filter((key) => key in errors);
    if (cleared.length)
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key))));
  }

  function cancel() {
    setDraft({});
    setErrors({});
    headingRef.current?.focus();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const plan = planSave(values, user, frequency, savedFrequency);
    setErrors(plan.errors);
    const firstInvalid = PROFILE_KEYS.find((key) => plan.errors[key]);
    if (firstInvalid) {
      (event.currentTarget.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
      return;
    }
    if (!plan.profile && !plan.frequency) return toast.info(errorText("noChangesToSave"));

    const sent = draft;
    setSaving(true);
    const [profileResult, preferencesResult] = await Promise.allSettled([
      plan.profile ? updateProfile.mutateAsync(plan.profile) : Promise.resolve(null),
      plan.frequency ? updatePreferences.mutateAsync({ frequency: plan.frequency }) : Promise.resolve(null),
    ]);
    setSaving(false);

    const profileSaved = profileResult.status === "fulfilled" && profileResult.value !== null;
    const preferencesSaved = preferencesResult.status === "fulfilled" && preferencesResult.value !== null;
    if (profileResult.status === "fulfilled" && profileResult.value) {
      setUser(profileResult.value);
      setDraft((current) => withoutSaved(current, sent, [...PROFILE_KEYS]));
    } else if (profileResult.status === "rejected") {
      toast.error(errorMessage(profileResult.reason, t("profile.updateProfileFailed")));
    }
    if (preferencesResult.status === "fulfilled" && preferencesResult.value) {
      utils.user.emailPreferences.setData(undefined, preferencesResult.value);
      // Groups that follow the profile show its choice in the Notifications section.
      void utils.user.notificationPreferences.invalidate();
      setDraft((current) => withoutSaved(current, sent, ["frequency"]));
    } else if (preferencesResult.status === "rejected") {
      toast.error(errorMessage(preferencesResult.reason, t("profile.updatePreferencesFailed")));
    }
    if (profileSaved || preferencesSaved) {
      toast.success(
        t(
          profileSaved && preferencesSaved
            ? "profile.savedBoth"
            : profileSaved
              ? "profile.savedProfile"
              : "profile.savedPreferences",
        ),
      );
    }
    // On full success the buttons that had focus disappear; keep keyboard users in the form.
    if (profileResult.status === "fulfilled" && preferencesResult.status === "fulfilled") headingRef.current?.focus();
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby="profile-details-heading">
      <Card className="settings-section">
        <h2 id="profile-details-heading" tabIndex={-1} ref={headingRef}>
          {t("profile.detailsTitle")}
        </h2>
        <p className="section-intro">{t("profile.detailsIntro")}</p>
        <TextField
          label={t("profile.emailLabel")}
          type="email"
          name="email"
          value={user.email}
          readOnly
          hint={t("profile.emailHint")}
        />
        <TextField
          label={t("profile.nameLabel")}
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => edit({ name: e.target.value })}
          error={errors.name && errorText(errors.name)}
          maxLength={100}
        />
        <div className="field-pair">
          <TextField
            label={t("profile.phoneLabel")}
            type="tel"
            name="phone"
            autoComplete="tel"
            value={values.phone}
            onChange={(e) => edit({ phone: e.target.value })}
            error={errors.phone && errorText(errors.phone)}
            hint={t("profile.phoneHint")}
            maxLength={40}
          />
          <TextField
            label={t("profile.areaLabel")}
            name="generalArea"
            autoComplete="address-level3"
            value={values.generalArea}
            onChange={(e) => edit({ generalArea: e.target.value })}
            hint={t("profile.areaHint")}
            maxLength={100}
          />
        </div>
      </Card>

      <Card className="settings-section">
        <h2>{t("profile.emailNotificationsTitle")}</h2>
        <p className="section-intro">{t("profile.emailNotificationsIntro")}</p>
        <EmailPreferencesFieldset
          value={frequency}
          saved={preferences.data}
          loading={preferences.isPending}
          failed={preferences.isError}
          retrying={preferences.isFetching}
          onRetry={() => void preferences.refetch()}
          onChange={(value) => edit({ frequency: value })}
        />
      </Card>

      {(changed || saving) && (
        <div className="settings-actions" role="group" aria-label={t("profile.unsavedChanges")}>
          <span className="settings-actions-note">{t("profile.unsavedNote")}</span>
          <div className="form-actions">
            <Button variant="secondary" onClick={cancel} disabled={saving}>
              {t("profile.cancel")}
            </Button>
            <Button type="submit" busy={saving}>
              {saving ? t("profile.saving") : t("profile.savePreferences")}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}

function pick(draft: Draft): Partial<ProfileValues> {
  const { frequency: _frequency, ...profile } = draft;
  return profile;
}
