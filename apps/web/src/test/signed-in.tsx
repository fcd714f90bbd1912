import { useAuth } from "../features/auth/AuthProvider";
import type { CurrentUser } from "../lib/trpc";

/** The account `user.me` answers in a component test: Ann, confirmed and asked, with what a test changes. */
export function signedInUser(changes: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "user-1",
    email: "ann@example.com",
    name: "Ann",
    phone: null,
    generalArea: null,
    isAdmin: false,
    locale: "en",
    emailVerified: true,
    notificationsAsked: true,
    emailHidden: false,
    createdAt: new Date("2026-01-01T00:00:00Z").toISOString(),
    ...changes,
  };
}

/** Shows who is signed in, so a test can wait until the account is known. */
export function SignedInAs() {
  const { user } = useAuth();
  return user ? <p>Signed in as {user.name}</p> : null;
}
