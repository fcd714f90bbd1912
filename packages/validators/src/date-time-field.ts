import { z } from "zod";
import { messages } from "./messages";
import { readDateTime } from "./rules";
import { isStorableText } from "./text";

/**
 * A date and time as tRPC (a Date) or REST (an ISO string) sends it; `required` when absent is refused with
 * its message, else it is null. "In the future" and "within 60 days" need the clock: the service checks them.
 */
export function dateTimeField(notADate: string, required?: string) {
  return z
    .union([z.date(), z.string()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? (required ?? notADate) : notADate),
    })
    .transform((v, ctx) => {
      if (typeof v === "string" && !isStorableText(v)) {
        ctx.addIssue({ code: "custom", message: messages.unsupportedCharacters });
        return z.NEVER;
      }
      if (typeof v === "string" && v.trim() === "") {
        ctx.addIssue({ code: "custom", message: required ?? notADate });
        return z.NEVER;
      }
      const date =
        v instanceof Date
          ? Number.isNaN(v.getTime())
            ? null
            : v
          : (() => {
              const reading = readDateTime(v);
              return "date" in reading ? reading.date : null;
            })();
      if (!date) {
        ctx.addIssue({ code: "custom", message: notADate });
        return z.NEVER;
      }
      return date;
    });
}
