import { Card } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { LanguageChoice } from "../language/LanguageChoice";
import "./account.css";

/** The language on the profile (issue 19): the footer's switcher, kept on the account, which e-mails follow too. */
export function LanguageSection() {
  const t = useT();
  return (
    <Card className="settings-section" aria-labelledby="language-settings-heading">
      <h2 id="language-settings-heading">{t("profile.languageTitle")}</h2>
      <p className="section-intro">{t("profile.languageIntro")}</p>
      <LanguageChoice className="field language-setting" />
    </Card>
  );
}
