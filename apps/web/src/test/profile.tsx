import type { ReactNode } from "react";
import { useAuth } from "../features/auth/AuthProvider";
import { ProfileFormProvider } from "../features/notifications/ProfileFormProvider";
import type { CurrentUser } from "../lib/trpc";

/** The profile's form around what `children` renders, as ProfilePage has it: over the signed-in user, once known. */
export function ProfileForm({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { user } = useAuth();
  return user ? <ProfileFormProvider user={user}>{children(user)}</ProfileFormProvider> : null;
}
