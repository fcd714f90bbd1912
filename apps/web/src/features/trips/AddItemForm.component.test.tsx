// @vitest-environment happy-dom
import { TRPCClientError } from "@trpc/client";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { renderWithApi } from "../../test/render";
import { AddItemForm } from "./AddItemForm";

// PRODUCT "Trips on screen": adding an item to someone's trip.
afterEach(cleanup);
beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["trips"]);
});

function refusal(message: string, messageKey: string) {
  return new TRPCClientError(message, {
    result: { error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, messageKey } } },
  } as never);
}

function show(addItem: (input: unknown) => unknown) {
  const onAdded = vi.fn();
  const rendered = renderWithApi(<AddItemForm tripId="t1" onAdded={onAdded} />, {
    "user.me": () => null,
    "trips.addItem": addItem,
  });
  return { ...rendered, onAdded };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("adding an item to a trip", () => {
  it("says a refused quantity under the quantity, focused, keeping the item", async () => {
    const { onAdded } = show(() => {
      throw refusal("Quantity must be a whole number from 1 to 99", "tripQuantityInvalid");
    });
    type("Item", "Oat milk");
    fireEvent.click(screen.getByRole("button", { name: "Add to the list" }));
    const error = await screen.findByText("Quantity must be a whole number from 1 to 99");
    expect(error.className).toBe("field-error");
    expect(document.activeElement).toBe(screen.getByLabelText("Quantity"));
    expect((screen.getByLabelText("Item") as HTMLInputElement).value).toBe("Oat milk");
    expect(onAdded).not.toHaveBeenCalled();
  });

  it("says any other refusal as a toast and shows the trip as it is now", async () => {
    const { onAdded } = show(() => {
      throw refusal("This trip's list is already closed", "tripNotOpen");
    });
    type("Item", "Oat milk");
    fireEvent.click(screen.getByRole("button", { name: "Add to the list" }));
    expect((await screen.findByTestId("toast")).textContent).toContain("This trip's list is already closed");
    expect(onAdded).toHaveBeenCalled();
    expect((screen.getByLabelText("Item") as HTMLInputElement).value).toBe("Oat milk");
  });

  it("sends the item and starts again with the item field focused", async () => {
    const { calls, onAdded } = show(() => ({ itemDescription: "Oat milk" }));
    type("Item", "Oat milk");
    type("Quantity", "2");
    fireEvent.click(screen.getByRole("button", { name: "Add to the list" }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "trips.addItem")?.input).toMatchObject({
      tripId: "t1",
      itemDescription: "Oat milk",
      quantity: 2,
      pickupNotes: null,
    });
    await waitFor(() => expect((screen.getByLabelText("Item") as HTMLInputElement).value).toBe(""));
    expect(document.activeElement).toBe(screen.getByLabelText("Item"));
  });
});
