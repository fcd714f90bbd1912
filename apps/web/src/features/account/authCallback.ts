import type { MessageId } from "@hyn/i18n/catalogs";
import type { MessageKey } from "@hyn/validators/messages";
import { errorText } from "../../i18n/errorText";
import type { Translate } from "../../i18n/useT";
import type { CurrentUser } from "../../lib/trpc";

/** What an outcome says: a callback text of its own (the auth catalog) or an error message, by key. */
export type CallbackMessage = MessageId<"auth"> | MessageKey;

/** An outcome's message in the current language. */
export function callbackMessage(message: CallbackMessage, t: Translate): string {
  return message.startsWith("auth.") ? t(message as MessageId<"auth">) : errorText(message as MessageKey);
}

/** What the callback page does with a link: every branch ends in a navigation. */
export type CallbackOutcome =
  | { kind: "verified"; user: CurrentUser }
  | { kind: "recovery"; to: string }
  | { kind: "error"; message: CallbackMessage; to: "/login" | "/signup"; offerResend?: true };

/** The part of the decision that needs no server: recovery links, broken links, unknown types. */
export function classifyLink(
  tokenHash: string | null,
  type: string | null,
): CallbackOutcome | { kind: "verify"; tokenHash: string } {
  if (!tokenHash) return { kind: "error", message: "auth.callbackInvalidLink", to: "/login" };
  if (type === "recovery") return { kind: "recovery", to: `/reset-password?token=${encodeURIComponent(tokenHash)}` };
  if (type === "signup") return { kind: "verify", tokenHash };
  return { kind: "error", message: "auth.callbackUnknownType", to: "/login" };
}

/**
 * A refused token (HTTP 400: used, expired or made up) sends the visitor back to sign up; anything
 * else (network, server) is a plain failure that sends them to log in.
 */
export function verificationFailure(httpStatus: number | undefined): CallbackOutcome {
  // The advice is "sign up again or request a new link": the sign-up page then offers the new link.
  if (httpStatus === 400)
    return { kind: "error", message: "verificationLinkExpired", to: "/signup", offerResend: true };
  return { kind: "error", message: "auth.callbackFailed", to: "/login" };
}

const verifications = new Map<string, Promise<CallbackOutcome>>();

/**
 * A confirmation token works once, so it is sent once per page load even when React runs the
 * effect twice (StrictMode) or the page re-renders: later callers share the first call's outcome.
 */
export function verifyOnce(tokenHash: string, verify: () => Promise<CallbackOutcome>): Promise<CallbackOutcome> {
  let pending = verifications.get(tokenHash);
  if (!pending) {
    pending = verify();
    verifications.set(tokenHash, pending);
  }
  return pending;
}
