import { Card } from "../components/ui";
import { FeedbackForm } from "../features/account/FeedbackForm";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";

export default function FeedbackPage() {
  const t = useT();
  usePageTitle(t("about.feedbackTitle"));
  return (
    <div className="page page-medium">
      <Card>
        <h1>{t("about.feedbackHeading")}</h1>
        <p className="feedback-intro">{t("about.feedbackIntro")}</p>
        <FeedbackForm />
      </Card>
    </div>
  );
}
