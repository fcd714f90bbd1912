import type { LimitKind } from "@hyn/validators/messages";
import type { MessageId } from "@hyn/i18n/catalogs";
import { overLimitNote } from "@hyn/validators/rules";
import { useId } from "react";
import { useT } from "../../i18n/useT";
import { usageLevel, usagePercent } from "./usage-level";
import { useRefusalTexts } from "./useRefusalTexts";
import "./limits.css";

/** The bars' names, in the requests catalog (the Groups page loads it for its summary too). */
export const USAGE_LABELS: Record<LimitKind, MessageId<"requests">> = {
  groups: "requests.usageGroups",
  "groups joined": "requests.usageGroupsJoined",
  "open requests": "requests.usageOpenRequests",
};

/**
 * What a bar counts, where its name alone misleads: an owner is in their own group, which "Groups joined"
 * does not count (issue 43).
 */
const USAGE_HINTS: Partial<Record<LimitKind, MessageId<"requests">>> = {
  "groups joined": "requests.usageGroupsJoinedHint",
};

/**
 * One usage bar (PRODUCT "How things change"): normal, near the limit from 80 %, and "Limit reached" at the limit; above
 * the limit (possible after an unclaim) it says why under the bar.
 */
export function UsageBar({
  kind,
  count,
  max,
  compact = false,
}: {
  kind: LimitKind;
  count: number;
  max: number;
  compact?: boolean;
}) {
  const t = useT();
  const labelId = useId();
  const noteId = useId();
  const hintId = useId();
  const level = usageLevel(count, max);
  const over = count > max;
  // The note is the limit rules' (shared with the server's answers), its text loaded when the count is
  // over, in the page's language.
  const overNote = overLimitNote(kind, max, count);
  const texts = useRefusalTexts(over);
  const note = overNote === null || !texts ? null : texts.refusalText(overNote);
  const label = t(USAGE_LABELS[kind]);
  const hint = USAGE_HINTS[kind];
  const describedBy = [hint ? hintId : null, note ? noteId : null].filter(Boolean).join(" ");
  return (
    <div
      className={`usage usage-${level}${compact ? " usage-compact" : ""}`}
      data-testid="usage-bar"
      data-level={level}
      data-over-limit={over ? "" : undefined}
    >
      <div className="usage-head">
        <span id={labelId} className="usage-label">
          {label}
        </span>
        <span className="usage-count">
          {count}/{max}
          {level === "at" && <span className="usage-flag">{t("requests.limitReached")}</span>}
        </span>
      </div>
      {hint && (
        <p id={hintId} className="usage-hint">
          {t(hint)}
        </p>
      )}
      <div
        className="usage-track"
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(count, max)}
        aria-valuetext={t("requests.usageValue", { count, max, state: over ? "over" : level === "at" ? "at" : "none" })}
        aria-describedby={describedBy || undefined}
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
