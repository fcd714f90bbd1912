import { useId } from "react";
import { Button } from "../../components/ui";
import { useT, type Translate } from "../../i18n/useT";
import {
  closedAsNotThere,
  itemState,
  leftAsNotThere,
  neighbourProgress,
  nextMark,
  type ItemState,
} from "./shopping-list";
import { ifRuleText, personName } from "./trip-texts";
import type { TripItem, TripItemMark, TripNeighbour } from "./types";

const STATE_TEXT = {
  delivered: "trips.itemDelivered",
  got: "trips.itemGot",
  not_there: "trips.itemNotThere",
  pending: "trips.itemWaiting",
} as const satisfies Record<ItemState, Parameters<Translate>[0]>;

/**
 * The shopping list (PRODUCT "Trips on screen"), grouped by neighbour, for a phone in a shop: each neighbour's heading
 * stays on top while their items scroll by, each item has big "Got it" / "Not there" toggles and says its
 * if-not-there rule, and "Delivered" hands over a neighbour's bag in one tap. `shopping` false: the list as
 * it stands so far, without the ticks (the list is still open, or the viewer is not the tripper).
 */
export function ShoppingList({
  neighbours,
  shopping,
  busyIds = new Set(),
  onMark,
  onDeliver,
}: {
  neighbours: readonly TripNeighbour[];
  shopping: boolean;
  /** Items (request ids) and neighbours (user ids) whose change is on its way. */
  busyIds?: ReadonlySet<string>;
  onMark?: (item: TripItem, mark: TripItemMark) => void;
  onDeliver?: (neighbour: TripNeighbour) => void;
}) {
  return (
    <div className="shopping-list">
      {neighbours.map((neighbour) => (
        <NeighbourItems
          key={neighbour.neighbour.id}
          neighbour={neighbour}
          shopping={shopping}
          busyIds={busyIds}
          onMark={onMark}
          onDeliver={onDeliver}
        />
      ))}
    </div>
  );
}

function NeighbourItems({
  neighbour,
  shopping,
  busyIds,
  onMark,
  onDeliver,
}: {
  neighbour: TripNeighbour;
  shopping: boolean;
  busyIds: ReadonlySet<string>;
  onMark?: ((item: TripItem, mark: TripItemMark) => void) | undefined;
  onDeliver?: ((neighbour: TripNeighbour) => void) | undefined;
}) {
  const t = useT();
  const headingId = useId();
  const name = personName(t, neighbour.neighbour.name);
  const progress = neighbourProgress(neighbour);
  return (
    <section className="shopping-neighbour" aria-labelledby={headingId} data-testid="shopping-neighbour">
      <div className="shopping-neighbour-header">
        <h3 id={headingId}>{name}</h3>
        {shopping &&
          (progress.done ? (
            progress.delivered ? (
              <span className="badge badge-fulfilled">{t("trips.allDelivered")}</span>
            ) : (
              <span className="badge shopping-nothing">{t("trips.nothingToDeliver")}</span>
            )
          ) : (
            <Button
              className="shopping-deliver"
              disabled={!progress.canDeliver}
              busy={busyIds.has(neighbour.neighbour.id)}
              aria-label={t("trips.deliveredLabel", { name })}
              onClick={() => onDeliver?.(neighbour)}
            >
              {t("trips.delivered")}
            </Button>
          ))}
      </div>
      <ul className="shopping-items" aria-labelledby={headingId}>
        {neighbour.items.map((item) => (
          <ShoppingItem key={item.id} item={item} shopping={shopping} busy={busyIds.has(item.id)} onMark={onMark} />
        ))}
      </ul>
    </section>
  );
}

function ShoppingItem({
  item,
  shopping,
  busy,
  onMark,
}: {
  item: TripItem;
  shopping: boolean;
  busy: boolean;
  onMark?: ((item: TripItem, mark: TripItemMark) => void) | undefined;
}) {
  const t = useT();
  const state = itemState(item);
  const tick = (mark: Exclude<TripItemMark, "pending">, label: string) => (
    <Button
      variant={item.mark === mark ? "primary" : "secondary"}
      className={`shopping-tick shopping-tick-${mark}`}
      aria-pressed={item.mark === mark}
      aria-label={t("trips.markLabel", { mark: label, item: item.itemDescription })}
      disabled={busy}
      onClick={() => onMark?.(item, nextMark(item.mark, mark))}
    >
      {label}
    </Button>
  );
  return (
    <li className={`shopping-item shopping-item-${state}`} data-testid="shopping-item">
      <div className="shopping-item-text">
        <p className="shopping-item-title">
          {item.quantity > 1 && (
            <span className="shopping-quantity">{t("trips.quantityTimes", { count: item.quantity })} </span>
          )}
          {item.itemDescription}
        </p>
        {item.pickupNotes && <p className="small shopping-item-notes">{item.pickupNotes}</p>}
        {leftAsNotThere(item) ? (
          <p className="small shopping-item-gone" data-testid="shopping-item-gone">
            {closedAsNotThere(item) ? t("trips.notThereClosed") : t("trips.notThereReopened")}
          </p>
        ) : (
          <p className={`small shopping-item-rule shopping-rule-${item.ifUnavailable}`}>{ifRuleText(t, item)}</p>
        )}
      </div>
      {shopping && item.status === "claimed" ? (
        <div className="shopping-ticks">
          {tick("got", t("trips.got"))}
          {tick("not_there", t("trips.notThere"))}
        </div>
      ) : (
        <span className={`badge shopping-state shopping-state-${state}`}>{t(STATE_TEXT[state])}</span>
      )}
    </li>
  );
}
