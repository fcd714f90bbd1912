import type { Trend } from "./format";

const ARROW: Record<Trend, { symbol: string; label: string }> = {
  up: { symbol: "▲", label: "good" },
  neutral: { symbol: "▶", label: "fair" },
  down: { symbol: "▼", label: "needs attention" },
};

export function MetricCard({ label, value, unit, hint, trend }: { label: string; value: string; unit?: string; hint: string; trend?: Trend }) {
  return (
    <div className="metric-card card" title={hint}>
      <div className="metric-label">{label}</div>
      <div className="metric-value">
        <span>
          {value}
          {unit && <span className="metric-unit"> {unit}</span>}
        </span>
        {trend && (
          <span className={`trend trend-${trend}`} aria-label={`Trend: ${ARROW[trend].label}`} role="img">
            {ARROW[trend].symbol}
          </span>
        )}
      </div>
      <div className="metric-hint">{hint}</div>
    </div>
  );
}
