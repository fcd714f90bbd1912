import { MAX_GENERAL_AREA_LENGTH, MAX_NAME_LENGTH, MAX_PHONE_LENGTH } from "@hyn/validators/policy";
import type { FormEvent } from "react";
import { Card, TextField } from "../../components/ui";
import { type CurrentUser } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { useProfileEdits } from "./ProfileEdits";
import { ProfileSaveBar } from "./ProfileSaveBar";
import "./account.css";

/**
 * Your details (PRODUCT "Screens"): name, phone, general area and whether other members see the e-mail
 * address. What is typed is kept on the page (ProfileEdits.tsx) until Save Preferences, which saves it
 * with the e-mail frequency in one go; Cancel puts back what is saved. A refusal is said under its field
 * and keeps what was typed. Enter in a field is Save.
 * Not on the web's form model (`components/form/useForm.ts`, issue 39 §3), which owns one form's values:
 * this form's values and its Save are shared with the frequency, in another section of the page; only
 * its `maxLength`s come from the same policy constants.
 */
export function ProfileSettingsForm({ user }: { user: CurrentUser }) {
  const t = useT();
  const { shown, errors, edit, save } = useProfileEdits();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const invalid = await save();
    if (invalid) (form.elements.namedItem(invalid) as HTMLInputElement | null)?.focus();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="profile-details-heading">
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
            checked={shown.emailHidden}
            onChange={(e) => edit({ emailHidden: e.target.checked }, e.target)}
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
          label={t("profile.nameLabel")}
          autoComplete="name"
          maxLength={MAX_NAME_LENGTH}
          name="name"
          value={shown.name}
          onChange={(e) => edit({ name: e.target.value }, e.target)}
          error={errors.name}
        />
        <div className="field-pair">
          <TextField
            label={t("profile.phoneLabel")}
            type="tel"
            autoComplete="tel"
            hint={t("profile.phoneHint")}
            maxLength={MAX_PHONE_LENGTH}
            name="phone"
            value={shown.phone}
            onChange={(e) => edit({ phone: e.target.value }, e.target)}
            error={errors.phone}
          />
          <TextField
            label={t("profile.areaLabel")}
            autoComplete="address-level3"
            hint={t("profile.areaHint")}
            maxLength={MAX_GENERAL_AREA_LENGTH}
            name="generalArea"
            value={shown.generalArea}
            onChange={(e) => edit({ generalArea: e.target.value }, e.target)}
            error={errors.generalArea}
          />
        </div>
        {/* Enter in a field saves, when nothing changed too ("No changes to save"): Save itself is in the bar. */}
        <button type="submit" hidden tabIndex={-1} />
      </Card>
      <ProfileSaveBar />
    </form>
  );
}
