import { SaveStatus } from "../../components/SaveStatus";
import { Button } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { useProfileEdits } from "./ProfileEdits";

/**
 * Cancel and Save Preferences (PRODUCT "Screens"), only while something differs from what is saved,
 * in a bar fixed to the bottom of the window, so they are in reach from the details and from the
 * frequency further down, on a phone as on a desk. Save is the details form's submit button (Enter in
 * a field saves too). What a Save came to is said in the bar (never a toast over its buttons), and stays
 * there a moment after the buttons have gone.
 */
export function ProfileSaveBar() {
  const t = useT();
  const { changed, saving, note, cancel } = useProfileEdits();
  const offered = changed || saving;
  return (
    <div
      className={`profile-savebar ${offered || note ? "profile-savebar-open" : ""}`.trim()}
      data-testid="profile-save-bar"
    >
      <div className="profile-savebar-inner">
        <div className="profile-savebar-text">
          {offered && !note && <p className="profile-savebar-note">{t("profile.unsavedNote")}</p>}
          <SaveStatus note={note} />
        </div>
        {offered && (
          <div className="form-actions">
            <Button variant="secondary" onClick={cancel} disabled={saving}>
              {t("profile.cancel")}
            </Button>
            <Button type="submit" busy={saving} needsNetwork>
              {saving ? t("profile.saving") : t("profile.savePreferences")}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
