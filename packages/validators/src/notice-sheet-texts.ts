import type { NoticeSheet } from "./notice-sheet";

type Translate = (id: string, values?: Record<string, string | number | Date>) => string;

/**
 * The notice-board sheet's sentences from its facts (issue 42 §2), by keys of the `sheet` catalog: one rule
 * for the server's PDF and the web's print view (zod-free, so the web imports it).
 */
export function sheetTexts(t: Translate, when: (date: Date | string) => string) {
  const named = (name: string) => (name === "" ? t("aNeighbour") : name);
  return {
    neededTitle: t("neededTitle"),
    neededNone: t("neededNone"),
    need: (need: Pick<NoticeSheet["needs"][number], "item" | "quantity" | "forWhom" | "neededBy">) =>
      t(need.quantity > 1 ? "needQuantity" : "need", {
        item: need.item,
        quantity: need.quantity,
        name: named(need.forWhom),
        date: when(need.neededBy),
      }),
    moreNeeds: (count: number) => t("moreNeeds", { count }),
    tripsTitle: t("tripsTitle"),
    tripsNone: t("tripsNone"),
    trip: (trip: NoticeSheet["trips"][number]) =>
      trip.tripper === ""
        ? t("tripAnonymous", { store: trip.store, date: when(trip.departsAt) })
        : t("trip", { name: trip.tripper, store: trip.store, date: when(trip.departsAt) }),
    joinTitle: t("joinTitle"),
    contactLine: ({ joinUrl, contact }: Pick<NoticeSheet, "joinUrl" | "contact">) => {
      const scan = joinUrl !== null;
      if (contact.name === "") return t(scan ? "scanOrAskOwner" : "askOwnerToJoin");
      if (contact.phone) return t(scan ? "scanOrAskPhone" : "askToJoinPhone", { name: contact.name, phone: contact.phone });
      return t(scan ? "scanOrAsk" : "askToJoin", { name: contact.name });
    },
    footer: (group: string) => t("footer", { group }),
  };
}
