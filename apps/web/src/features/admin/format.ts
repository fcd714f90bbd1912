/** The admin dashboard's display rules (PRODUCT "Screens"), as pure functions, in the current language. */
import { currentLocale } from "../../i18n/i18n";
import { translate, type Translate } from "../../i18n/useT";

/** A number as the current language writes it ("1.5", "1,5"), with `digits` decimals at most (exactly, when `fixed`). */
function formatNumber(value: number, digits: number, fixed = false): string {
  // A number, not a date (the rule is for dates: lib/dates.ts).
  // eslint-disable-next-line no-restricted-properties
  return new Intl.NumberFormat(currentLocale(), {
    maximumFractionDigits: digits,
    minimumFractionDigits: fixed ? digits : 0,
    useGrouping: false,
  }).format(value);
}

/** 1000 or more is shown with k: 1000 -> "1k", 1500 -> "1.5k", 12345 -> "12.3k". */
export function formatMetric(value: number, t: Translate = translate): string {
  if (Math.abs(value) >= 1000) {
    const k = Math.round((value / 1000) * 10) / 10;
    return t("admin.thousands", { value: formatNumber(k, 1) });
  }
  return formatNumber(value, 2);
}

/** A rate in percent: "42.5%". */
export function formatPercent(rate: number, t: Translate = translate): string {
  return t("admin.percent", { value: formatMetric(rate, t) });
}

export type Trend = "up" | "neutral" | "down";

/** Up above 70 %, neutral above 40 %, else down. */
export function fulfillmentTrend(rate: number): Trend {
  if (rate > 70) return "up";
  if (rate > 40) return "neutral";
  return "down";
}

/** Faster is better: up below 24 h, neutral below 72 h, else down. */
export function claimTimeTrend(hours: number): Trend {
  if (hours < 24) return "up";
  if (hours < 72) return "neutral";
  return "down";
}

/** "< 1 min" under a minute, minutes below 1 hour, hours with one decimal below 24, else days. */
export function formatClaimTime(hours: number, t: Translate = translate): string {
  if (hours * 60 < 1) return t("admin.underAMinute");
  if (hours < 1) return t("admin.minutes", { count: Math.round(hours * 60) });
  if (hours < 24) return t("admin.hoursValue", { value: formatNumber(hours, 1, true) });
  const days = Math.round((hours / 24) * 10) / 10;
  return t("admin.daysValue", { value: formatNumber(days, 1, true) });
}

/** Average group size is shown with one decimal. */
export function formatGroupSize(size: number): string {
  return formatNumber(size, 1, true);
}
