import type { Reach } from "@hyn/validators";
import type { Translate } from "../../i18n/useT";

/** Whether anyone hears of a notice at all: told now, or in the next daily summary. */
export const anyoneHears = (reach: Reach) => reach.now + reach.daily > 0;

/**
 * Who will hear of a request just posted or notified, in words (PRODUCT "Who will hear"): the counts, or,
 * when nobody hears, that nobody will and what to do instead.
 */
export function reachSentence(t: Translate, reach: Reach, groupName: string): string {
  return anyoneHears(reach)
    ? t("requests.reachNow", { ...reach })
    : t("requests.reachNobody", { appOnly: reach.appOnly, group: groupName });
}

/** The same for the card, of the last notice (`last`: when it went, as the card writes dates). */
export function lastReachSentence(t: Translate, reach: Reach, groupName: string, last: string): string {
  return anyoneHears(reach)
    ? t("requests.reachLast", { ...reach, last })
    : t("requests.reachNobodyLast", { appOnly: reach.appOnly, group: groupName, last });
}
