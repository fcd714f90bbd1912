import { safeRedirect } from "../auth/guards";

/**
 * Where to go once the e-mail is confirmed, remembered at sign-up: the confirmation link carries no
 * redirect, and it is usually opened in a new tab of the same browser. Kept only for the address
 * that signed up, and only ever a same-site path.
 */
const STORAGE_KEY = "help-your-neighbor-after-confirm";

interface Pending {
  email: string;
  redirect: string;
}

export function rememberAfterConfirm(email: string, redirect: string): void {
  try {
    if (safeRedirect(redirect) === "/") localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify({ email: email.toLowerCase(), redirect } satisfies Pending));
  } catch {
    // Storage can be unavailable (private mode, quota); the dashboard is a fine place to land.
  }
}

/** Returns the remembered path for this address (once), or "/". */
export function takeAfterConfirm(email: string): string {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return "/";
    localStorage.removeItem(STORAGE_KEY);
    const pending = JSON.parse(raw) as Partial<Pending>;
    if (pending.email !== email.toLowerCase() || typeof pending.redirect !== "string") return "/";
    return safeRedirect(pending.redirect);
  } catch {
    return "/";
  }
}
