// @vitest-environment happy-dom
import { MAX_ITEM_DESCRIPTION_LENGTH } from "@hyn/validators/policy";
import { TRPCClientError } from "@trpc/client";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "../../test/render";
import { Button, SelectField, TextField } from "../ui";
import { useForm, type FormErrors } from "./useForm";

// Issue 39 §3: one form model serves every form of the web.
afterEach(cleanup);

/** A refusal as the server sends it: its text in the page's language and its message key (ADR 0020). */
function refusal(message: string, messageKey: string) {
  return new TRPCClientError(message, {
    result: { error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, messageKey } } },
  } as never);
}

type Values = { item: string; groupId: string; store: string };
const IDS = { item: "test-item", groupId: "test-group" } as const;

function validate(values: Values) {
  const errors: FormErrors<keyof typeof IDS> = {};
  if (values.item.trim() === "") errors.item = "itemDescriptionRequired";
  if (values.groupId === "") errors.groupId = "selectGroup";
  return { errors, input: Object.keys(errors).length > 0 ? null : values };
}

function TestForm({ send }: { send: (input: Values) => Promise<void> }) {
  const form = useForm({
    initial: { item: "", groupId: "", store: "" },
    ids: IDS,
    maxLengths: { item: MAX_ITEM_DESCRIPTION_LENGTH },
    validate,
    send,
    fieldOfKey: { notMember: "groupId" },
    failureText: "Could not post",
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <TextField label="Item" {...form.field("item")} />
      <SelectField label="Group" {...form.field("groupId")}>
        <option value="">Choose</option>
        <option value="g1">Elm Street</option>
      </SelectField>
      <TextField label="Store" {...form.field("store")} />
      <Button type="submit" busy={form.busy}>
        Post
      </Button>
    </form>
  );
}

function show(send: (input: Values) => Promise<void>) {
  return renderWithApi(<TestForm send={send} />, { "user.me": () => null });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the web's form model", () => {
  it("gives each field its id, name, value and most characters, from the policy constants", () => {
    show(async () => {});
    const item = screen.getByLabelText("Item") as HTMLInputElement;
    expect(item.id).toBe("test-item");
    expect(item.name).toBe("item");
    expect(item.maxLength).toBe(MAX_ITEM_DESCRIPTION_LENGTH);
    type("Item", "Milk");
    expect(item.value).toBe("Milk");
    expect((screen.getByLabelText("Store") as HTMLInputElement).hasAttribute("maxlength")).toBe(false);
  });

  it("says the form's own checks under their fields, focuses the first, sends nothing, and clears an error as its field changes", () => {
    const send = vi.fn(async () => {});
    show(send);
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    const error = screen.getByText("Item description is required");
    expect(error.className).toBe("field-error");
    expect(screen.getByLabelText("Item").getAttribute("aria-describedby")).toContain(error.id);
    expect(screen.getByText("Please select a group")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Item"));
    expect(send).not.toHaveBeenCalled();
    type("Item", "Milk");
    expect(screen.queryByText("Item description is required")).toBeNull();
    expect(screen.getByText("Please select a group")).toBeTruthy();
  });

  it("says a refusal whose key a field owns under that field, focused, keeping everything typed", async () => {
    show(async () => {
      throw refusal("You are not a member of this group", "notMember");
    });
    type("Item", "Milk");
    type("Group", "g1");
    type("Store", "Aldi");
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    const error = await screen.findByText("You are not a member of this group");
    expect(error.className).toBe("field-error");
    expect(document.activeElement).toBe(screen.getByLabelText("Group"));
    expect(screen.queryByTestId("toast")).toBeNull();
    expect((screen.getByLabelText("Item") as HTMLInputElement).value).toBe("Milk");
    expect((screen.getByLabelText("Store") as HTMLInputElement).value).toBe("Aldi");
  });

  it("says any other refusal as a toast, keeping everything typed", async () => {
    show(async () => {
      throw refusal("You have reached your limit of 5 open requests.", "requestLimitReached");
    });
    type("Item", "Milk");
    type("Group", "g1");
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    const toast = await screen.findByTestId("toast");
    expect(toast.textContent).toContain("You have reached your limit of 5 open requests.");
    expect(document.querySelector(".field-error")).toBeNull();
    expect((screen.getByLabelText("Item") as HTMLInputElement).value).toBe("Milk");
  });

  it("starts again from the beginning once sent", async () => {
    const send = vi.fn(async () => {});
    show(send);
    type("Item", "Milk");
    type("Group", "g1");
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ item: "Milk", groupId: "g1", store: "" }));
    await waitFor(() => expect((screen.getByLabelText("Item") as HTMLInputElement).value).toBe(""));
  });
});
