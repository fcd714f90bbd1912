import { Link, useLocation } from "react-router";
import { StatusView } from "../features/account/StatusView";
import { usePageTitle } from "../lib/usePageTitle";
import { richText } from "../i18n/richText";
import { useT } from "../i18n/useT";

export default function NotFoundPage() {
  const t = useT();
  usePageTitle(t("common.notFoundTitle"));
  const { pathname } = useLocation();
  return (
    <StatusView tone="info" icon="?" title={t("common.notFoundTitle")}>
      <p>{richText((values) => t("common.notFoundText", values), { path: <code>{pathname}</code> })}</p>
      <div className="status-actions">
        <Link to="/" className="btn btn-primary">
          {t("common.goHome")}
        </Link>
        <Link to="/about" className="btn btn-secondary">
          {t("common.aboutApp")}
        </Link>
      </div>
    </StatusView>
  );
}
