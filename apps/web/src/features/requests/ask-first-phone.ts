import type { MessageKey } from "@hyn/validators/messages";
import { isValidPhone, stripMarkup, type IfUnavailable } from "@hyn/validators/rules";

/**
 * "Ask me first" needs a phone (issue 43 §5): the helper calls from the shop. A form that offers it asks for the
 * number beside the choice when the profile has none; the post carries it and the server saves it to the profile.
 * Not asked for a request for a neighbour without the app (the helper calls that neighbour).
 */
export function asksForPhone(choice: IfUnavailable, profilePhone: string | null, forNeighbour = false): boolean {
  return choice === "ask" && !profilePhone && !forNeighbour;
}

/** The phone field's check, with the profile's texts: the number to send, or the error to show under it. */
export function checkAskFirstPhone(typed: string): { phone: string; error: null } | { phone: null; error: MessageKey } {
  const phone = stripMarkup(typed);
  if (phone === "") return { phone: null, error: "phoneRequired" };
  if (!isValidPhone(phone)) return { phone: null, error: "enterValidPhone" };
  return { phone, error: null };
}
