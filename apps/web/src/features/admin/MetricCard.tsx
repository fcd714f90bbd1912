import { useT } from "../../i18n/useT";
import type { Trend } from "./format";

const ARROW: Record<Trend, string> = { up: "▲", neutral: "▶", down: "▼" };

export function MetricCard({
  label,
  value,
  unit,
  hint,
  trend,
}: {
  label: string;
  value: string;
  unit?: string;
  hint: string;
  trend?: Trend;
}) {
  const t = useT();
  return (
    <div className="metric-card card" title={hint}>
      <div className="metric-label">{label}</div>
      <div className="metric-value">
        <span>
          {value}
          {unit && <span className="metric-unit"> {unit}</span>}
        </span>
        {trend && (
          <span className={`trend trend-${trend}`} aria-label={t("admin.trend", { trend })} role="img">
            {ARROW[trend]}
          </span>
        )}
      </div>
      <div className="metric-hint">{hint}</div>
    </div>
  );
}
