import { Card } from "../components/ui";
import { FeedbackForm } from "../features/account/FeedbackForm";
import { usePageTitle } from "../lib/usePageTitle";

export default function FeedbackPage() {
  usePageTitle("Feedback");
  return (
    <div className="page page-medium">
      <Card>
        <h1>Send Feedback</h1>
        <p className="feedback-intro">Found a bug, have an idea, or want to say hello? We read every message.</p>
        <FeedbackForm />
      </Card>
    </div>
  );
}
