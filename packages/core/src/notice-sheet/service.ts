import type { PdfFile } from "@hyn/validators";
import type { CoreDeps } from "../shared/deps";
import { localeOf } from "../shared/locale";
import { noticeSheetOf } from "./facts";
import { renderNoticeSheetPdf } from "./pdf";

/** A file name of the group's name, without what a file system or a header would choke on. */
export function sheetFilename(groupName: string): string {
  const base = groupName
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return `${base || "group"}.pdf`;
}

/** The notice-board sheet (issue 42 §2): its facts for the web's print view, and the same as a PDF. */
export function createNoticeSheetService(deps: CoreDeps) {
  return {
    /** GET /api/groups/{id}/sheet: members only. */
    facts: (userId: string, groupId: string) => noticeSheetOf(deps, userId, groupId),
    /** GET /api/groups/{id}/sheet.pdf: members only, in `locale` (the caller's account's language). */
    async pdf(userId: string, groupId: string, locale: string): Promise<PdfFile> {
      const sheet = await noticeSheetOf(deps, userId, groupId);
      // Dated by the day it is printed, so the same sheet printed twice in a day is the same file (and the
      // same bytes over REST, tRPC's GET fast path and its handler).
      const printedOn = new Date(deps.clock.now());
      printedOn.setUTCHours(0, 0, 0, 0);
      const bytes = await renderNoticeSheetPdf(sheet, localeOf(locale), deps.config.timeZone ?? "UTC", printedOn);
      return {
        filename: sheetFilename(sheet.group.name),
        contentType: "application/pdf",
        base64: bytes.toString("base64"),
      };
    },
  };
}
