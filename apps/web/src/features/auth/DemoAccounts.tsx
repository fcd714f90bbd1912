import { useT } from "../../i18n/useT";
import { trpc } from "../../lib/trpc";

/**
 * In demo mode (`pnpm demo`) the login page offers the sample accounts, each signing in with one tap;
 * elsewhere it renders nothing.
 */
export function DemoAccounts({ onUse }: { onUse: (email: string, password: string) => void }) {
  const t = useT();
  const info = trpc.system.info.useQuery(undefined, { staleTime: Infinity });
  const accounts = info.data?.demoAccounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <aside className="alert alert-info demo-accounts" aria-label={t("auth.demoAccounts")}>
      <strong>{t("auth.demoMode")}</strong> {t("auth.demoTry")}
      <ul>
        {accounts.map((a) => (
          <li key={a.email}>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => onUse(a.email, a.password)}>
              {t("auth.demoUse", { name: a.name })}
            </button>{" "}
            {/* Each kept whole: a password broken across two lines reads as two. */}
            <span className="small">
              <span className="nowrap">{a.email}</span> / <span className="nowrap">{a.password}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
