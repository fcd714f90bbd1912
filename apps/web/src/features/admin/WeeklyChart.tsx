import { useId } from "react";
import { useT } from "../../i18n/useT";
import { formatDayMonth, msOf, type Time } from "../../lib/dates";
import { chartTicks } from "./chart-ticks";

export interface WeekPoint {
  weekStart: Time;
  posted: number;
  fulfilled: number;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 36, left: 36 };

// Weeks start on UTC days on the server.
const weekLabel = (d: Time) => formatDayMonth(d, { utc: true });

/**
 * Requests posted and fulfilled per week, as grouped bars. The SVG is one labelled image for screen
 * readers, and the same numbers follow in a table (visually hidden) so nothing is only visual.
 */
export function WeeklyChart({ weeks }: { weeks: WeekPoint[] }) {
  const t = useT();
  const titleId = useId();
  const descId = useId();
  const ticks = chartTicks(Math.max(0, ...weeks.flatMap((w) => [w.posted, w.fulfilled])));
  const max = ticks.at(-1)!;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, weeks.length);
  const bar = Math.max(2, slot * 0.34);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const totalPosted = weeks.reduce((s, w) => s + w.posted, 0);
  const totalFulfilled = weeks.reduce((s, w) => s + w.fulfilled, 0);

  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{t("admin.chartTitle", { weeks: weeks.length })}</title>
        <desc id={descId}>{t("admin.chartDescription", { posted: totalPosted, fulfilled: totalFulfilled })}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="chart-axis">
              {t}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const x = PAD.left + i * slot + (slot - 2 * bar) / 2;
          return (
            <g key={msOf(w.weekStart)}>
              <rect
                x={x}
                y={y(w.posted)}
                width={bar}
                height={PAD.top + plotH - y(w.posted)}
                className="chart-posted"
                rx="2"
              />
              <rect
                x={x + bar}
                y={y(w.fulfilled)}
                width={bar}
                height={PAD.top + plotH - y(w.fulfilled)}
                className="chart-fulfilled"
                rx="2"
              />
              {/* Every other week is named, counting back from the latest; on a phone every fourth (admin.css). */}
              {(weeks.length - 1 - i) % 2 !== 0 ? null : (
                <text
                  x={x + bar}
                  y={HEIGHT - PAD.bottom + 6}
                  textAnchor="middle"
                  className={`chart-axis chart-axis-x${(weeks.length - 1 - i) % 4 === 0 ? "" : " chart-axis-x-minor"}`}
                >
                  {weekLabel(w.weekStart)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-legend">
        <span className="legend-posted">{t("admin.posted")}</span>
        <span className="legend-fulfilled">{t("admin.fulfilled")}</span>
      </figcaption>
      {/* Hidden in a div: a table ignores its own width and overflow, so its cells would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{t("admin.weeklyTitle")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("admin.weekStarting")}</th>
              <th scope="col">{t("admin.posted")}</th>
              <th scope="col">{t("admin.fulfilled")}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={msOf(w.weekStart)}>
                <th scope="row">{weekLabel(w.weekStart)}</th>
                <td>{w.posted}</td>
                <td>{w.fulfilled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
