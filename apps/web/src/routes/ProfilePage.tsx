import { Spinner } from "../components/ui";
import { useAuth } from "../features/auth/AuthProvider";
import { CalendarFeedSection } from "../features/account/CalendarFeedSection";
import { ChangePasswordForm } from "../features/account/ChangePasswordForm";
import { DataRightsSection } from "../features/account/DataRightsSection";
import { LanguageSection } from "../features/account/LanguageSection";
import { ProfileSettingsForm } from "../features/account/ProfileSettingsForm";
import { UnsavedProfileGuard } from "../features/account/UnsavedProfileGuard";
import { NotificationSettingsSection } from "../features/notifications/NotificationSettingsSection";
import { ProfileFormProvider } from "../features/notifications/ProfileFormProvider";
import { DevicesSection } from "../features/push/DevicesSection";
import { BlockedSection } from "../features/blocking/BlockedSection";
import { useT } from "../i18n/useT";
import { usePageTitle } from "../lib/usePageTitle";

export default function ProfilePage() {
  const t = useT();
  usePageTitle(t("profile.pageTitle"));
  const { user } = useAuth();
  // RequireAuth renders this page only with a user; the spinner covers the instant of a sign-out.
  if (!user) return <Spinner />;
  return (
    <div className="page page-medium">
      <header className="settings-header">
        <h1>{t("profile.pageTitle")}</h1>
        <p className="muted">{t("profile.pageIntro", { save: t("profile.savePreferences") })}</p>
      </header>
      {/* The details and the frequency are one form (PRODUCT "Screens"), in two sections: one draft, one Save. */}
      <ProfileFormProvider user={user}>
        <div className="stack">
          <ProfileSettingsForm user={user} />
          <LanguageSection />
          <NotificationSettingsSection />
          <CalendarFeedSection />
          <DevicesSection />
          <BlockedSection />
          <ChangePasswordForm />
          <DataRightsSection />
        </div>
        <UnsavedProfileGuard />
      </ProfileFormProvider>
    </div>
  );
}
