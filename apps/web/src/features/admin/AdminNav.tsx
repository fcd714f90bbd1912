import { NavLink } from "react-router";
import { useT } from "../../i18n/useT";

/** The admin's pages (issue 29): metrics, the report queue and the audit log. */
export function AdminNav() {
  const t = useT();
  const link = (to: string, label: string) => (
    <NavLink to={to} end className={({ isActive }) => `admin-nav-link${isActive ? " active" : ""}`}>
      {label}
    </NavLink>
  );
  return (
    <nav className="admin-nav" aria-label={t("admin.navLabel")}>
      {link("/admin", t("admin.navMetrics"))}
      {link("/admin/reports", t("admin.navReports"))}
      {link("/admin/audit", t("admin.navAudit"))}
    </nav>
  );
}
