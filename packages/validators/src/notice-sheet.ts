import { z } from "zod";
import { isoDateTime } from "./wire-time";

/**
 * GET /api/groups/{id}/sheet (issue 42 §2): the facts of the group's notice-board sheet, for its members.
 * The web prints them; the PDF (GET /api/groups/{id}/sheet.pdf) is written from the same.
 */
export const noticeSheetOutput = z.object({
  group: z.object({ id: z.string(), name: z.string(), description: z.string().nullable() }),
  /** Open requests needed within NOTICE_SHEET_DAYS, soonest first, at most NOTICE_SHEET_MAX_NEEDS. */
  needs: z.array(
    z.object({
      id: z.string(),
      item: z.string(),
      quantity: z.number().int(),
      /** The requester's first name, or the neighbour without the app it was posted for; "" for "A neighbour". */
      forWhom: z.string(),
      neededBy: isoDateTime,
    }),
  ),
  /** Further open requests of the same days not on the sheet. */
  moreNeeds: z.number().int(),
  /** Trips announced to the group, not cancelled, not yet left, soonest first (at most NOTICE_SHEET_MAX_TRIPS). */
  trips: z.array(
    z.object({
      id: z.string(),
      store: z.string(),
      departsAt: isoDateTime,
      /** The tripper's first name; "" for "A neighbour". */
      tripper: z.string(),
    }),
  ),
  /** The group's newest live link, for its QR code; null when it has none (the sheet says to ask the contact). */
  joinUrl: z.string().nullable(),
  /** Whom to ask: the owner's first name ("" when they gave none) and phone, if they gave one. */
  contact: z.object({ name: z.string(), phone: z.string().nullable() }),
});
export type NoticeSheet = z.input<typeof noticeSheetOutput>;

/** A PDF file as a procedure answers it: REST sends the bytes (base64 here) as application/pdf, as a download. */
export const pdfFileOutput = z.object({
  filename: z.string(),
  contentType: z.literal("application/pdf"),
  base64: z.string(),
});
export type PdfFile = z.infer<typeof pdfFileOutput>;
