import type { TripItem, TripItemMark, TripNeighbour } from "./types";

/** Where one item of the shopping list stands: delivered (fulfilled), or the tripper's tick. */
export type ItemState = "delivered" | TripItemMark;

export function itemState(item: Pick<TripItem, "status" | "mark">): ItemState {
  return item.status === "fulfilled" ? "delivered" : item.mark;
}

/** A tick tapped again takes it back to "not looked for yet". */
export const nextMark = (current: TripItemMark, tapped: Exclude<TripItemMark, "pending">): TripItemMark =>
  current === tapped ? "pending" : tapped;

/**
 * An item "Not there" has left the trip (issue 43 §1): back with its requester, open again or closed as
 * they chose; the list still shows it, with no ticks.
 */
export const leftAsNotThere = (item: Pick<TripItem, "status" | "mark">): boolean =>
  item.mark === "not_there" && item.status !== "claimed";

/** Closed rather than open again: its requester said "skip it". */
export const closedAsNotThere = (item: Pick<TripItem, "status" | "mark" | "ifUnavailable">): boolean =>
  leftAsNotThere(item) && item.ifUnavailable === "skip";

/**
 * A neighbour's bag at the till: "Delivered" is offered once something of theirs is ticked "Got it" and not
 * yet handed over, and they are done when every item is delivered or was not there; `delivered` whether
 * anything was handed over at all (a bag of only "Not there" is not "Delivered").
 */
export function neighbourProgress(neighbour: Pick<TripNeighbour, "items">) {
  const states = neighbour.items.map(itemState);
  return {
    canDeliver: neighbour.items.some((item) => item.status === "claimed" && item.mark === "got"),
    done: states.length > 0 && states.every((state) => state === "delivered" || state === "not_there"),
    delivered: states.includes("delivered"),
    left: states.filter((state) => state === "pending").length,
  };
}
