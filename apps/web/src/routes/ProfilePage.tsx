import { Spinner } from "../components/ui";
import { useAuth } from "../features/auth/AuthProvider";
import { CalendarFeedSection } from "../features/account/CalendarFeedSection";
import { ChangePasswordForm } from "../features/account/ChangePasswordForm";
import { DataRightsSection } from "../features/account/DataRightsSection";
import { ProfileSettingsForm } from "../features/account/ProfileSettingsForm";
import { NotificationSettingsSection } from "../features/notifications/NotificationSettingsSection";
import { DevicesSection } from "../features/push/DevicesSection";
import { usePageTitle } from "../lib/usePageTitle";

export default function ProfilePage() {
  usePageTitle("Profile Settings");
  const { user } = useAuth();
  // RequireAuth renders this page only with a user; the spinner covers the instant of a sign-out.
  if (!user) return <Spinner />;
  return (
    <div className="page page-medium">
      <header className="settings-header">
        <h1>Profile Settings</h1>
        <p className="muted">Your details, how we e-mail you, your password, and your data.</p>
      </header>
      <div className="stack">
        <ProfileSettingsForm user={user} />
        <NotificationSettingsSection />
        <CalendarFeedSection />
        <DevicesSection />
        <ChangePasswordForm />
        <DataRightsSection />
      </div>
    </div>
  );
}
