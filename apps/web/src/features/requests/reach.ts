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
 * Who will hear of a request just posted or notified, in words (PRODUCT "Who will hear"): the counts, or,
 * when nobody hears, that nobody will and what to do instead.
 */
export function reachSentence(t: Translate, reach: Reach, groupName: string, times: NoticeTimes): string {
  return anyoneHears(reach)
    ? t("requests.reachNow", { ...reach, laterMinutes: laterMinutesOf(times) })
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
    ? t("requests.reachLast", { ...reach, last, laterMinutes: laterMinutesOf(times) })
    : t("requests.reachNobodyLast", { appOnly: reach.appOnly, group: groupName, last });
}
