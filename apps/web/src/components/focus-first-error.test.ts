// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { focusFirstError } from "./focus-first-error";

const FIELD_IDS = { store: "f-store", groupIds: "f-groups", note: "f-note" } as const;

afterEach(() => {
  document.body.innerHTML = "";
});

describe("focusFirstError", () => {
  it("focuses the first field with an error in the form's order, not the errors' order", () => {
    document.body.innerHTML = `<input id="f-store"><fieldset id="f-groups"><input type="checkbox"></fieldset><textarea id="f-note"></textarea>`;
    focusFirstError(FIELD_IDS, { note: "tooLong", store: "required" });
    expect(document.activeElement?.id).toBe("f-store");
  });

  it("focuses a fieldset's first input", () => {
    document.body.innerHTML = `<input id="f-store"><fieldset id="f-groups"><input id="first" type="checkbox"><input type="checkbox"></fieldset>`;
    focusFirstError(FIELD_IDS, { groupIds: "selectGroup" });
    expect(document.activeElement?.id).toBe("first");
  });

  it("leaves the focus where it is when nothing is wrong", () => {
    document.body.innerHTML = `<input id="f-store"><button id="submit"></button>`;
    document.getElementById("submit")!.focus();
    focusFirstError(FIELD_IDS, {});
    expect(document.activeElement?.id).toBe("submit");
  });
});
