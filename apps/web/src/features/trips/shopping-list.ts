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
 * A neighbour's bag at the till: "Delivered" is offered once something of theirs is ticked and not yet handed
 * over, and they are done when every item is delivered or was not there.
 */
export function neighbourProgress(neighbour: Pick<TripNeighbour, "items">) {
  const states = neighbour.items.map(itemState);
  return {
    canDeliver: neighbour.items.some((item) => item.status === "claimed" && item.mark !== "pending"),
    done: states.length > 0 && states.every((state) => state === "delivered" || state === "not_there"),
    left: states.filter((state) => state === "pending").length,
  };
}
