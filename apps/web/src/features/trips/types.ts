import type { RouterOutputs } from "../../lib/trpc";

export type Trip = RouterOutputs["trips"]["list"][number];
export type TripDetail = RouterOutputs["trips"]["byId"];
export type TripNeighbour = TripDetail["neighbours"][number];
export type TripItem = TripNeighbour["items"][number];
export type TripItemMark = TripItem["mark"];
