import type { LimitKind } from "@hyn/validators/messages";
import { useId } from "react";
import { Alert, Button } from "../../components/ui";
import type { MessageId } from "@hyn/i18n/catalogs";
import { useT } from "../../i18n/useT";
import { trpc } from "../../lib/trpc";
import { overLimitNote, usageLevel, usagePercent } from "./usage-level";
import "./limits.css";

/** The bars' names, in the requests catalog (the Groups page loads it for its summary too). */
export const USAGE_LABELS: Record<LimitKind, MessageId<"requests">> = {
  groups: "requests.usageGroups",
  "groups joined": "requests.usageGroupsJoined",
  "open requests": "requests.usageOpenRequests",
};

/**
 * One usage bar (SPEC §4): normal, near the limit from 80 %, and "Limit reached" at the limit; above
 * the limit (possible after an unclaim) it says why under the bar.
 */
export function UsageBar({ kind, count, max, compact = false }: { kind: LimitKind; count: number; max: number; compact?: boolean }) {
  const t = useT();
  const labelId = useId();
  const noteId = useId();
  const level = usageLevel(count, max);
  // The note is the spec's English text (shared with the server's refusals): shown in the page's language.
  const englishNote = overLimitNote(kind, count, max);
  const note = englishNote === null ? null : t.error(englishNote);
  const label = t(USAGE_LABELS[kind]);
  return (
    <div className={`usage usage-${level}${compact ? " usage-compact" : ""}`} data-testid="usage-bar" data-level={level} data-over-limit={note ? "" : undefined}>
      <div className="usage-head">
        <span id={labelId} className="usage-label">
          {label}
        </span>
        <span className="usage-count">
          {count}/{max}
          {level === "at" && <span className="usage-flag">{t("requests.limitReached")}</span>}
        </span>
      </div>
      <div
        className="usage-track"
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(count, max)}
        aria-valuetext={t("requests.usageValue", { count, max, state: note ? "over" : level === "at" ? "at" : "none" })}
        aria-describedby={note ? noteId : undefined}
      >
        <div className="usage-fill" style={{ width: `${usagePercent(count, max)}%` }} />
      </div>
      {note && (
        <p id={noteId} className="usage-note">
          {note}
        </p>
      )}
    </div>
  );
}


/**
 * The user's limits and counts as three bars. `compact` is the one-line summary of the Groups page;
 * the full panel is for the dashboard.
 */
export function UsageLimits({ compact = false, title }: { compact?: boolean; title?: string }) {
  const t = useT();
  const heading = title ?? t("requests.usageTitle");
  const usage = trpc.limits.withCounts.useQuery();
  const headingId = useId();

  if (usage.isPending) {
    // The bars' own shape with empty tracks: the panel keeps its height when the numbers arrive, so
    // the rest of the page does not jump down (layout shift).
    return (
      <section className={`usage-panel${compact ? " usage-panel-compact" : " card"}`} aria-busy="true" aria-labelledby={headingId}>
        <h2 id={headingId} className={compact ? "visually-hidden" : "usage-title"}>
          {heading}
        </h2>
        <p className="visually-hidden">{t("requests.loadingLimits")}</p>
        <div className="usage-list" aria-hidden="true">
          {Object.values(USAGE_LABELS).map((label) => (
            <div key={label} className={`usage${compact ? " usage-compact" : ""}`}>
              <div className="usage-head">
                <span className="usage-label">{t(label)}</span>
                <span className="usage-count">…</span>
              </div>
              <div className="usage-track" />
            </div>
          ))}
        </div>
      </section>
    );
  }
  if (usage.isError) {
    return (
      <Alert type="warning">
        {t("requests.loadLimitsFailed")}{" "}
        <Button variant="ghost" className="btn-small" onClick={() => void usage.refetch()}>
          {t("requests.retry")}
        </Button>
      </Alert>
    );
  }
  const { limits, counts } = usage.data;
  return (
    <section className={`usage-panel${compact ? " usage-panel-compact" : " card"}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={compact ? "visually-hidden" : "usage-title"}>
        {heading}
      </h2>
      <div className="usage-list">
        <UsageBar kind="groups" count={counts.groupsCreatedCount} max={limits.maxGroupsCreated} compact={compact} />
        <UsageBar kind="groups joined" count={counts.groupsJoinedCount} max={limits.maxGroupsJoined} compact={compact} />
        <UsageBar kind="open requests" count={counts.openRequestsCount} max={limits.maxOpenRequests} compact={compact} />
      </div>
    </section>
  );
}
