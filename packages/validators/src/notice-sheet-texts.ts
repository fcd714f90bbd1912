type Translate = (id: string, values?: Record<string, string | number | Date>) => string;
/** A time as the server holds it (a Date) or as the web receives it (ISO text). */
type Time = Date | string;
interface Need {
  item: string;
  quantity: number;
  forWhom: string;
  neededBy: Time;
}
interface Trip {
  store: string;
  departsAt: Time;
  tripper: string;
}
interface Join {
  joinUrl: string | null;
  contact: { name: string; phone: string | null };
}

/**
 * The notice-board sheet's sentences from its facts (issue 42 §2), by keys of the `sheet` catalog: one rule
 * for the server's PDF and the web's print view (zod-free, so the web imports it).
 */
export function sheetTexts(t: Translate, when: (date: Time) => string) {
  const named = (name: string) => (name === "" ? t("aNeighbour") : name);
  return {
    neededTitle: t("neededTitle"),
    neededNone: t("neededNone"),
    need: (need: Need) =>
      t(need.quantity > 1 ? "needQuantity" : "need", {
        item: need.item,
        quantity: need.quantity,
        name: named(need.forWhom),
        date: when(need.neededBy),
      }),
    moreNeeds: (count: number) => t("moreNeeds", { count }),
    tripsTitle: t("tripsTitle"),
    tripsNone: t("tripsNone"),
    trip: (trip: Trip) =>
      trip.tripper === ""
        ? t("tripAnonymous", { store: trip.store, date: when(trip.departsAt) })
        : t("trip", { name: trip.tripper, store: trip.store, date: when(trip.departsAt) }),
    joinTitle: t("joinTitle"),
    contactLine: ({ joinUrl, contact }: Join) => {
      const scan = joinUrl !== null;
      if (contact.name === "") return t(scan ? "scanOrAskOwner" : "askOwnerToJoin");
      if (contact.phone)
        return t(scan ? "scanOrAskPhone" : "askToJoinPhone", { name: contact.name, phone: contact.phone });
      return t(scan ? "scanOrAsk" : "askToJoin", { name: contact.name });
    },
    footer: (group: string) => t("footer", { group }),
  };
}
