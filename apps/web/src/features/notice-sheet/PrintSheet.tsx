import type { MessageId } from "@hyn/i18n/catalogs";
import { sheetTexts } from "@hyn/validators/notice-sheet-texts";
import { useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { Button } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { formatWeekdayTime } from "../../lib/dates";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { qrSvg } from "../group-links/qr";
import "./notice-sheet.css";

type Sheet = RouterOutputs["groups"]["sheet"];

/**
 * "Print sheet" and "Download PDF" on a group card (issue 42 §2): the group's notice-board sheet. Printing
 * reads the sheet's facts afresh, puts the sheet beside the app (a portal into body) and prints with the
 * app hidden (notice-sheet.css); the PDF is the server's, in the account's language.
 */
export function PrintSheet({ groupId }: { groupId: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const toast = useToast();
  const [printing, setPrinting] = useState<{ sheet: Sheet; qr: string | null } | null>(null);
  const [busy, setBusy] = useState(false);

  async function print() {
    setBusy(true);
    try {
      const sheet = await utils.groups.sheet.fetch({ groupId }, { staleTime: 0 });
      const qr = sheet.joinUrl ? await qrSvg(sheet.joinUrl) : null;
      flushSync(() => setPrinting({ sheet, qr }));
      const root = document.documentElement;
      root.dataset.printSheet = "";
      const done = () => {
        delete root.dataset.printSheet;
        setPrinting(null);
        window.removeEventListener("afterprint", done);
      };
      window.addEventListener("afterprint", done);
      window.print();
    } catch (e) {
      toast.error(errorMessage(e, t("sheet.loadFailed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" className="btn-small" busy={busy} needsNetwork onClick={() => void print()}>
        {t("sheet.printSheet")}
      </Button>
      <a className="btn btn-secondary btn-small" href={`/api/groups/${encodeURIComponent(groupId)}/sheet.pdf`} download>
        {t("sheet.downloadPdf")}
      </a>
      {printing && createPortal(<NoticeSheet sheet={printing.sheet} qr={printing.qr} />, document.body)}
    </>
  );
}

/** The sheet as printed: black on white, one page of A4 or Letter for a typical group. */
function NoticeSheet({ sheet, qr }: { sheet: Sheet; qr: string | null }) {
  const t = useT();
  const now = new Date();
  const texts = sheetTexts(
    (id, values) => t(`sheet.${id}` as MessageId<"sheet">, values),
    (date) => formatWeekdayTime(date, now),
  );
  return (
    <section className="notice-sheet" data-testid="notice-sheet" aria-hidden="true">
      <h1 className="notice-sheet-title">{sheet.group.name}</h1>
      {sheet.group.description && <p className="notice-sheet-description">{sheet.group.description}</p>}
      <h2>{texts.neededTitle}</h2>
      {sheet.needs.length === 0 ? (
        <p>{texts.neededNone}</p>
      ) : (
        <ul>
          {sheet.needs.map((need) => (
            <li key={need.id}>{texts.need(need)}</li>
          ))}
          {sheet.moreNeeds > 0 && <li className="notice-sheet-more">{texts.moreNeeds(sheet.moreNeeds)}</li>}
        </ul>
      )}
      <h2>{texts.tripsTitle}</h2>
      {sheet.trips.length === 0 ? (
        <p>{texts.tripsNone}</p>
      ) : (
        <ul>
          {sheet.trips.map((trip) => (
            <li key={trip.id}>{texts.trip(trip)}</li>
          ))}
        </ul>
      )}
      <h2>{texts.joinTitle}</h2>
      <div className="notice-sheet-join">
        {qr && (
          <div
            className="notice-sheet-qr"
            role="img"
            aria-label={t("sheet.qrLabel", { group: sheet.group.name })}
            // Markup made by the qrcode library from the link alone: paths and rects, no text of anyone's.
            dangerouslySetInnerHTML={{ __html: qr }}
          />
        )}
        <div>
          <p className="notice-sheet-contact">{texts.contactLine(sheet)}</p>
          {sheet.joinUrl && <p className="notice-sheet-url">{sheet.joinUrl}</p>}
        </div>
      </div>
      <p className="notice-sheet-footer">{texts.footer(sheet.group.name)}</p>
    </section>
  );
}
