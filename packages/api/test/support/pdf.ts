import { extractText, getDocumentProxy } from "unpdf";

/**
 * A PDF read back as its pages' text, by pdf.js (unpdf's serverless build: no worker, no canvas), so a
 * test reads what a reader of the file sees, never the file's bytes.
 */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, " ") };
}
