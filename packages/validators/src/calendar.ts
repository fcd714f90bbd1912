import { z } from "zod";
import { messages } from "./messages";
import { exactInputString } from "./text";

/** A calendar file (RFC 5545 text) as REST sends it: the body, its type and the download's file name. */
export const calendarFileOutput = z.object({
  filename: z.string(),
  contentType: z.string(),
  content: z.string(),
});

/** The personal feed's address: it works without a session, so it is shown only to its owner. */
export const calendarFeedOutput = z.object({ url: z.string() });

/** The token of a feed address (`/api/calendar/<token>.ics`); anything unknown is "Not found". */
export const calendarFeedTokenInput = z.object({
  token: exactInputString({ error: messages.notFound }).max(200, messages.notFound),
});
