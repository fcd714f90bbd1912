import { z } from "zod";
import { messages } from "./messages";
import { LATEST_DATE_MS, readDateTime, type DateTimeReading } from "./rules";
import { isStorableText } from "./text";

/**
 * A date and time as tRPC (a Date) or REST (an ISO string) sends it; `required` when absent is refused with
 * its message, else it is null. "In the future" and "within 60 days" need the clock: the service checks them.
 * With `tooFar`, a date after LATEST_DATE_YEAR (or beyond any Date) is refused with it: a field no service
 * bounds would otherwise reach the database, which cannot read such a year as JavaScript writes it.
 */
export function dateTimeField(notADate: string, required?: string, tooFar?: string) {
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
      const reading: DateTimeReading =
        v instanceof Date ? (Number.isNaN(v.getTime()) ? { problem: "not-a-date" } : { date: v }) : readDateTime(v);
      const tooLate = "date" in reading ? reading.date.getTime() > LATEST_DATE_MS : reading.problem === "beyond-range";
      if (tooFar && tooLate) {
        ctx.addIssue({ code: "custom", message: tooFar });
        return z.NEVER;
      }
      if (!("date" in reading)) {
        ctx.addIssue({ code: "custom", message: notADate });
        return z.NEVER;
      }
      return reading.date;
    });
}
