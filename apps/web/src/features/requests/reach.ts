import type { Reach } from "@hyn/validators";
import { laterReachMinutes } from "@hyn/validators/helper-rest";
import type { Translate } from "../../i18n/useT";
import { msOf, type Time } from "../../lib/dates";

/** Whether anyone hears of a notice at all: told now, later if nobody offers, or in a summary. */
export const anyoneHears = (reach: Reach) => reach.now + reach.later + reach.daily + reach.weekly > 0;

/** When the notice went and the request's needed-by: how many minutes later resting helpers hear of it. */
export interface NoticeTimes {
  sentAt: Time;
  neededBy: Time;
}

const laterMinutesOf = (times: NoticeTimes) => laterReachMinutes(msOf(times.sentAt), msOf(times.neededBy));

/**
 * The counts in words, only those that are not zero (issue 43: no "0 in the next daily summary"), in the
 * order now, later, daily, weekly, only in the app. `when` picks the words of a notice to come or of the last one.
 */
function reachParts(t: Translate, reach: Reach, times: NoticeTimes, when: "now" | "last"): string {
  const laterMinutes = laterMinutesOf(times);
  const parts = [
    reach.now > 0 && t(when === "now" ? "requests.reachNowPartNow" : "requests.reachLastPartNow", { count: reach.now }),
    reach.later > 0 &&
      t(when === "now" ? "requests.reachNowPartLater" : "requests.reachLastPartLater", {
        count: reach.later,
        laterMinutes,
      }),
    reach.daily > 0 &&
      t(when === "now" ? "requests.reachNowPartDaily" : "requests.reachLastPartDaily", { count: reach.daily }),
    reach.weekly > 0 && t("requests.reachPartWeekly", { count: reach.weekly }),
    reach.appOnly > 0 && t("requests.reachPartAppOnly", { count: reach.appOnly }),
  ];
  return parts.filter((part): part is string => typeof part === "string").join(", ");
}

/**
 * Who will hear of a request just posted or notified, in words (PRODUCT "Who will hear"): the counts, or,
 * when nobody hears, that nobody will and what to do instead.
 */
export function reachSentence(t: Translate, reach: Reach, groupName: string, times: NoticeTimes): string {
  return anyoneHears(reach)
    ? t("requests.reachNow", { parts: reachParts(t, reach, times, "now") })
    : t("requests.reachNobody", { appOnly: reach.appOnly, group: groupName });
}

/** The same for the card, of the last notice (`last`: when it went, as the card writes dates). */
export function lastReachSentence(
  t: Translate,
  reach: Reach,
  groupName: string,
  last: string,
  times: NoticeTimes,
): string {
  return anyoneHears(reach)
    ? t("requests.reachLast", { last, parts: reachParts(t, reach, times, "last") })
    : t("requests.reachNobodyLast", { appOnly: reach.appOnly, group: groupName, last });
}
