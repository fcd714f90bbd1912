import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { MessageId } from "@hyn/i18n/catalogs";
import { serverTranslator } from "@hyn/i18n/server";
import type { NoticeSheet } from "@hyn/validators";
import type { Locale } from "@hyn/validators/locales";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatWhen } from "../mail/templates/text";
import { PRODUCT_NAME } from "../shared/config";
import { sheetTexts } from "@hyn/validators/notice-sheet-texts";

/**
 * DejaVu Sans, embedded (as a subset of the glyphs used): PDF's standard fonts are WinAnsi only, and wrote
 * "Łukasz" as "V¶kasz". Read from the npm package `dejavu-fonts-ttf`, beside the server in node_modules,
 * never from the system's fonts; resolved from this module (the server's bundle: apps/server lists it).
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function sheetFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  };
  return fonts;
}

const MM = 72 / 25.4;
/** A4, its text kept within Letter's height too (279 mm), so the file prints on one page of either. */
const PAGE = { size: "A4", margin: 18 * MM, usableHeight: 279 * MM - 36 * MM } as const;
const QR_SIZE = 42 * MM;
const ITEM_MAX_CHARS = 90;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * The sheet as a one-page PDF, in `locale`, times in `timeZone` (APP_TIMEZONE). `printedOn` is its creation
 * date: pdfkit derives the file's ID from it, so the same sheet on the same date is the same bytes.
 */
export async function renderNoticeSheetPdf(
  sheet: NoticeSheet,
  locale: Locale,
  timeZone: string,
  printedOn: Date,
): Promise<Buffer> {
  const t = serverTranslator(locale);
  const texts = sheetTexts(
    (id, values) => t(`sheet.${id}` as MessageId<"sheet">, values),
    (date) => formatWhen(new Date(date), timeZone, locale),
  );
  const { regular, bold } = sheetFonts();
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    info: { Title: sheet.group.name, Creator: PRODUCT_NAME, Producer: PRODUCT_NAME, CreationDate: printedOn },
    lang: locale,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const width = doc.page.width - 2 * PAGE.margin;
  const heading = (text: string) => doc.moveDown(0.8).font("bold").fontSize(15).text(text).moveDown(0.3);
  const line = (text: string) => doc.font("regular").fontSize(11.5).text(text, { width, paragraphGap: 3 });

  doc.fillColor("#000000");
  doc.font("bold").fontSize(24).text(sheet.group.name, { width });
  if (sheet.group.description)
    doc.moveDown(0.3).font("regular").fontSize(12).text(clip(sheet.group.description, 500), { width });

  heading(texts.neededTitle);
  if (sheet.needs.length === 0) line(texts.neededNone);
  for (const need of sheet.needs) line(`•  ${texts.need({ ...need, item: clip(need.item, ITEM_MAX_CHARS) })}`);
  if (sheet.moreNeeds > 0) line(texts.moreNeeds(sheet.moreNeeds));

  heading(texts.tripsTitle);
  if (sheet.trips.length === 0) line(texts.tripsNone);
  for (const trip of sheet.trips) line(`•  ${texts.trip(trip)}`);

  heading(texts.joinTitle);
  const top = doc.y;
  if (sheet.joinUrl) {
    drawQr(doc, sheet.joinUrl, PAGE.margin, top, QR_SIZE);
    const x = PAGE.margin + QR_SIZE + 8 * MM;
    doc
      .font("bold")
      .fontSize(14)
      .text(texts.contactLine(sheet), x, top + 4 * MM, { width: width - (x - PAGE.margin) });
    doc
      .font("regular")
      .fontSize(9)
      .text(sheet.joinUrl, { width: width - (x - PAGE.margin) });
  } else {
    doc.font("bold").fontSize(14).text(texts.contactLine(sheet), { width });
  }
  doc
    .font("regular")
    .fontSize(9)
    .fillColor("#444444")
    .text(texts.footer(sheet.group.name), PAGE.margin, PAGE.margin + PAGE.usableHeight - 12, {
      width,
      align: "center",
      lineBreak: false,
    });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The link as a QR code of filled squares (medium error correction, as the web's), black on white. */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fillColor("#000000").fill();
}
