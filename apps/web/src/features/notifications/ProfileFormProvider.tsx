import type { ReactNode } from "react";
import { ProfileEditsProvider } from "../account/ProfileEdits";
import type { CurrentUser } from "../../lib/trpc";
import { useNotificationPreferences } from "./useNotificationPreferences";

/**
 * The profile's one form (PRODUCT "Screens") over the details and the e-mail frequency, the frequency as
 * the notification preferences have it saved. It lives here, not in account/, because the preferences are
 * this feature's: the account's form is told the saved value and never reads it itself.
 */
export function ProfileFormProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const preferences = useNotificationPreferences();
  return (
    <ProfileEditsProvider user={user} savedFrequency={preferences.data?.profileFrequency ?? null}>
      {children}
    </ProfileEditsProvider>
  );
}
