import { Link } from "react-router";
import { StatusView } from "./StatusView";
import { trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";

/**
 * What signing in to a suspended account shows (issue 43 §3): a page that stays, not a toast that goes,
 * saying how to reach the admins: ADMIN_CONTACT when the deployment names one, else the feedback form.
 */
export function SuspendedAccount({ onBack }: { onBack: () => void }) {
  const t = useT();
  const info = trpc.system.info.useQuery(undefined, { staleTime: Infinity });
  const contact = info.data?.adminContact ?? null;
  const href = contact && /^https?:\/\//.test(contact) ? contact : contact ? `mailto:${contact}` : null;
  return (
    <StatusView tone="error" title={t("auth.suspendedTitle")} takeFocus>
      <p>{t("auth.suspendedText")}</p>
      {href ? (
        <p>
          {t("auth.suspendedContactAddress")} <a href={href}>{contact}</a>
        </p>
      ) : (
        <p>{t("auth.suspendedContactForm")}</p>
      )}
      <div className="status-actions">
        {!href && (
          <Link to="/feedback" className="btn btn-primary">
            {t("auth.suspendedFeedback")}
          </Link>
        )}
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          {t("auth.suspendedBack")}
        </button>
      </div>
    </StatusView>
  );
}
