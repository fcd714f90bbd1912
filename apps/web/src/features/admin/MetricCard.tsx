import type { ReactNode } from "react";
import { useT } from "../../i18n/useT";
import type { Trend } from "./format";

const ARROW: Record<Trend, string> = { up: "▲", neutral: "▶", down: "▼" };

export function MetricCard({
  label,
  value,
  unit,
  hint,
  trend,
  qualifier,
  aside,
}: {
  label: string;
  value: string;
  unit?: string;
  hint: string;
  trend?: Trend;
  /** What the figure counts, said on the card itself (issue 43: "claimed or fulfilled"). */
  qualifier?: ReactNode;
  /** A second, smaller figure beside the main one (issue 43: fulfilled alone). */
  aside?: ReactNode;
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
      {qualifier && <div className="metric-qualifier">{qualifier}</div>}
      {aside && <div className="metric-aside">{aside}</div>}
      <div className="metric-hint">{hint}</div>
    </div>
  );
}
