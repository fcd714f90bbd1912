import {
  GROUP_LINK_VALIDITY_DAYS,
  DEFAULT_GROUP_LINK_VALIDITY_DAYS,
  MAX_LIVE_GROUP_LINKS,
} from "@hyn/validators/policy";
import { useEffect, useId, useState, type FormEvent } from "react";
import { createPortal, flushSync } from "react-dom";
import { Alert, Button, ConfirmModal, SelectField, Spinner } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { formatDateTime } from "../../lib/dates";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { qrSvg } from "./qr";
import "./group-links.css";

type GroupLink = RouterOutputs["groupLinks"]["list"][number];

/**
 * The owner's group links on a group card (issue 27): make one (1, 7 or 30 days; joins at once or asks
 * the owner; how many live ones join at once, with an offer to revoke them when approval is asked for,
 * issue 43), and for each live one its address with Copy, Share (the phone's share sheet, where there
 * is one), a QR code, Print (the QR code alone on the page, print stylesheet) and Revoke.
 */
export function GroupLinks({ groupId, groupName }: { groupId: string; groupName: string }) {
  const t = useT();
  const ids = useId();
  const links = trpc.groupLinks.list.useQuery({ groupId });
  const create = trpc.groupLinks.create.useMutation();
  const utils = trpc.useUtils();
  const toast = useToast();
  const [days, setDays] = useState<number>(DEFAULT_GROUP_LINK_VALIDITY_DAYS);
  const [approval, setApproval] = useState(false);
  const [confirmingRevokeAll, setConfirmingRevokeAll] = useState(false);
  const revokeAtOnce = trpc.groupLinks.revokeJoiningAtOnce.useMutation();
  const atLimit = (links.data?.length ?? 0) >= MAX_LIVE_GROUP_LINKS;
  // Approval is per link (issue 43): say how many let people in at once, and offer to revoke them when
  // the owner asks for approval.
  const joiningAtOnce = links.data?.filter((link) => !link.approval).length ?? 0;

  async function revokeJoiningAtOnce() {
    try {
      const { revoked } = await revokeAtOnce.mutateAsync({ groupId });
      toast.success(t("sharing.revokedJoiningAtOnce", { count: revoked }));
    } catch (e) {
      toast.error(errorMessage(e, t("sharing.revokeLinkFailed")));
    } finally {
      setConfirmingRevokeAll(false);
      await utils.groupLinks.list.invalidate({ groupId });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await create.mutateAsync({ groupId, expiresInDays: days, approval });
      toast.success(t("sharing.linkCreated"));
      await utils.groupLinks.list.invalidate({ groupId });
    } catch (e) {
      toast.error(errorMessage(e, t("sharing.createLinkFailed")));
    }
  }

  return (
    <section className="group-links" aria-labelledby={`${ids}-title`}>
      <h4 id={`${ids}-title`} className="group-links-title">
        {t("sharing.linksTitle", { group: groupName })}
      </h4>
      <p className="small muted">{t("sharing.linksIntro")}</p>
      {links.data && links.data.length > 0 && (
        <p className="small" data-testid="links-joining-at-once">
          {joiningAtOnce > 0 ? t("sharing.linksJoiningAtOnce", { count: joiningAtOnce }) : t("sharing.linksAllAsk")}
        </p>
      )}
      <form className="group-link-form" onSubmit={submit} noValidate>
        <SelectField
          label={t("sharing.linkExpiryLabel")}
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {GROUP_LINK_VALIDITY_DAYS.map((d) => (
            <option key={d} value={d}>
              {t("sharing.linkExpiryDays", { count: d })}
            </option>
          ))}
        </SelectField>
        <label className="switch-row group-link-approval" htmlFor={`${ids}-approval`}>
          <input
            id={`${ids}-approval`}
            type="checkbox"
            checked={approval}
            onChange={(e) => setApproval(e.target.checked)}
          />
          <span>{t("sharing.linkApprovalLabel")}</span>
        </label>
        <Button needsNetwork type="submit" className="btn-small" busy={create.isPending} disabled={atLimit}>
          {t("sharing.createLink")}
        </Button>
      </form>
      {approval && joiningAtOnce > 0 && (
        <div className="group-link-approval-note" role="status">
          <p className="small">{t("sharing.approvalLeavesLinks", { count: joiningAtOnce })}</p>
          <Button
            needsNetwork
            variant="secondary"
            className="btn-small btn-text-danger"
            onClick={() => setConfirmingRevokeAll(true)}
          >
            {t("sharing.revokeJoiningAtOnce")}
          </Button>
        </div>
      )}
      <ConfirmModal
        open={confirmingRevokeAll}
        title={t("sharing.revokeJoiningAtOnceTitle")}
        message={t("sharing.revokeJoiningAtOnceConfirm", { count: joiningAtOnce })}
        confirmLabel={t("sharing.revokeJoiningAtOnce")}
        busy={revokeAtOnce.isPending}
        onConfirm={() => void revokeJoiningAtOnce()}
        onClose={() => setConfirmingRevokeAll(false)}
      />
      {atLimit && <p className="small muted">{t("sharing.linkLimitNote", { max: MAX_LIVE_GROUP_LINKS })}</p>}
      {links.isPending ? (
        <Spinner />
      ) : links.isError ? (
        <Alert>
          {errorMessage(links.error, t("sharing.loadLinksFailed"))}{" "}
          <Button variant="ghost" className="btn-small" onClick={() => void links.refetch()}>
            {t("groups.retry")}
          </Button>
        </Alert>
      ) : links.data.length === 0 ? (
        <p className="small muted">{t("sharing.noLinks")}</p>
      ) : (
        <ul className="group-link-list">
          {links.data.map((link) => (
            <li key={link.id}>
              <LinkItem link={link} groupId={groupId} groupName={groupName} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkItem({ link, groupId, groupName }: { link: GroupLink; groupId: string; groupName: string }) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const utils = trpc.useUtils();
  const revoke = trpc.groupLinks.revoke.useMutation();
  const [svg, setSvg] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [printing, setPrinting] = useState(false);
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  useEffect(() => {
    let live = true;
    void qrSvg(link.url).then((markup) => live && setSvg(markup));
    return () => {
      live = false;
    };
  }, [link.url]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success(t("sharing.linkCopied"));
    } catch {
      toast.error(t("sharing.copyFailed"));
    }
  }

  async function share() {
    try {
      await navigator.share({ title: groupName, text: t("sharing.shareText", { group: groupName }), url: link.url });
    } catch {
      // Dismissed by the person, or refused by the browser: nothing to say.
    }
  }

  function print() {
    // Only this link's QR code and address are on paper (group-links.css, @media print).
    const root = document.documentElement;
    flushSync(() => setPrinting(true));
    root.dataset.printLink = "";
    const done = () => {
      delete root.dataset.printLink;
      setPrinting(false);
      window.removeEventListener("afterprint", done);
    };
    window.addEventListener("afterprint", done);
    window.print();
  }

  async function confirmRevoke() {
    try {
      await revoke.mutateAsync({ groupId, linkId: link.id });
      setConfirming(false);
      toast.success(t("sharing.linkRevoked"));
      await utils.groupLinks.list.invalidate({ groupId });
    } catch (e) {
      setConfirming(false);
      toast.error(errorMessage(e, t("sharing.revokeLinkFailed")));
    }
  }

  return (
    <div className="group-link" data-link-id={link.id} data-testid="group-link">
      <div
        className="group-link-qr"
        role="img"
        aria-label={t("sharing.qrLabel", { group: groupName })}
        data-testid="group-link-qr"
        // Markup made by the qrcode library from the link alone: paths and rects, no text of anyone's.
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
      />
      {printing &&
        // Issue 43: the sheet is the body's only printed child (group-links.css), so the paper holds one page,
        // not the page's length of hidden cards with the code repeated on each.
        createPortal(
          <div className="group-link-print-sheet" data-testid="group-link-print-sheet">
            <p className="group-link-print-title">{t("sharing.printScan", { group: groupName })}</p>
            <div className="group-link-print-qr" dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />
            <p className="group-link-print-url">{link.url}</p>
          </div>,
          document.body,
        )}
      <div className="group-link-body">
        <div className="field group-link-field">
          <label className="field-label" htmlFor={`${ids}-url`}>
            {t("sharing.linkAddressLabel")}
          </label>
          <input
            id={`${ids}-url`}
            className="group-link-url"
            readOnly
            value={link.url}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <p className="small muted group-link-facts">
          <span>{link.approval ? t("sharing.linkNeedsApproval") : t("sharing.linkJoinsAtOnce")}</span>
          {" · "}
          <time dateTime={link.expiresAt}>{t("sharing.linkExpires", { date: formatDateTime(link.expiresAt) })}</time>
        </p>
        <div className="row group-link-actions">
          <Button className="btn-small" onClick={() => void copy()}>
            {t("sharing.copyLink")}
          </Button>
          {canShare && (
            <Button variant="secondary" className="btn-small" onClick={() => void share()}>
              {t("sharing.shareLinkButton")}
            </Button>
          )}
          <Button variant="secondary" className="btn-small" onClick={print}>
            {t("sharing.printQr")}
          </Button>
          <Button variant="ghost" className="btn-small btn-text-danger" onClick={() => setConfirming(true)}>
            {t("sharing.revokeLink")}
          </Button>
        </div>
      </div>
      <ConfirmModal
        open={confirming}
        title={t("sharing.revokeLinkTitle")}
        message={t("sharing.revokeLinkConfirm")}
        confirmLabel={t("sharing.revokeLink")}
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
