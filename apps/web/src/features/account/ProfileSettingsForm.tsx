import { messages } from "@hyn/validators/messages";
import type { EmailFrequency } from "@hyn/validators/rules";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button, Card, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc, type CurrentUser } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";
import { EmailPreferencesFieldset, LOAD_PREFERENCES_FAILED } from "./EmailPreferencesFieldset";
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
    if (preferences.isError) toast.error(LOAD_PREFERENCES_FAILED);
  }, [preferences.isError, preferences.errorUpdatedAt, toast]);

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
    if (cleared.length) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key))));
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
    if (!plan.profile && !plan.frequency) return toast.info(messages.noChangesToSave);

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
      toast.error(errorMessage(profileResult.reason, "Failed to update profile."));
    }
    if (preferencesResult.status === "fulfilled" && preferencesResult.value) {
      utils.user.emailPreferences.setData(undefined, preferencesResult.value);
      // Groups that follow the profile show its choice in the Notifications section.
      void utils.user.notificationPreferences.invalidate();
      setDraft((current) => withoutSaved(current, sent, ["frequency"]));
    } else if (preferencesResult.status === "rejected") {
      toast.error(errorMessage(preferencesResult.reason, "Failed to update email preferences"));
    }
    if (profileSaved || preferencesSaved) {
      toast.success(
        profileSaved && preferencesSaved ? "Your profile and email preferences are saved." : profileSaved ? "Your profile is saved." : "Your email preferences are saved.",
      );
    }
    // On full success the buttons that had focus disappear; keep keyboard users in the form.
    if (profileResult.status === "fulfilled" && preferencesResult.status === "fulfilled") headingRef.current?.focus();
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby="profile-details-heading">
      <Card className="settings-section">
        <h2 id="profile-details-heading" tabIndex={-1} ref={headingRef}>
          Your details
        </h2>
        <p className="section-intro">Members of your groups see your name and general area.</p>
        <TextField label="Email" type="email" name="email" value={user.email} readOnly hint="Your sign-in address. It can't be changed here." />
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => edit({ name: e.target.value })}
          error={errors.name}
          maxLength={100}
        />
        <div className="field-pair">
          <TextField
            label="Phone (optional)"
            type="tel"
            name="phone"
            autoComplete="tel"
            value={values.phone}
            onChange={(e) => edit({ phone: e.target.value })}
            error={errors.phone}
            hint="For example +1 555 123 4567."
            maxLength={40}
          />
          <TextField
            label="General area (optional)"
            name="generalArea"
            autoComplete="address-level3"
            value={values.generalArea}
            onChange={(e) => edit({ generalArea: e.target.value })}
            hint="A street or neighbourhood, never your full address."
            maxLength={100}
          />
        </div>
      </Card>

      <Card className="settings-section">
        <h2>Email notifications</h2>
        <p className="section-intro">How often should we e-mail you about requests in your groups?</p>
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
        <div className="settings-actions" role="group" aria-label="Unsaved changes">
          <span className="settings-actions-note">You have unsaved changes.</span>
          <div className="form-actions">
            <Button variant="secondary" onClick={cancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" busy={saving}>
              {saving ? "Saving…" : "Save Preferences"}
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
