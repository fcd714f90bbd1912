/**
 * Issue 43: a signed-in person who reloads the app without a network still sees the navigation they had,
 * not only About. Who is signed in is asked of the server (the session cookie is HttpOnly), which cannot
 * answer offline; so this device remembers, from the last answer, only what the navigation shows: that
 * someone is signed in, and whether they are an admin. Nothing else of theirs is kept, and a sign-out or
 * an answer of "nobody" forgets it. It never opens a page: the guards still wait for the server.
 */
const STORAGE_KEY = "hyn.nav";

export interface RememberedNav {
  signedIn: true;
  isAdmin: boolean;
}

export function rememberNav(user: { isAdmin: boolean } | null): void {
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify({ signedIn: true, isAdmin: user.isAdmin === true }));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window, a full disk): the navigation is then as for a visitor offline.
  }
}

export function rememberedNav(): RememberedNav | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as Partial<RememberedNav> | null;
    return stored?.signedIn === true ? { signedIn: true, isAdmin: stored.isAdmin === true } : null;
  } catch {
    return null;
  }
}
