// @vitest-environment happy-dom
import { TRPCClientError } from "@trpc/client";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApi } from "../../test/render";
import { signedInUser } from "../../test/signed-in";
import { NameStep } from "./NameStep";

// Issue 17: the first dashboard asks someone without a name for one; issue 39 §3: its refusals as every form's.
afterEach(cleanup);

function refusal(message: string, messageKey: string) {
  return new TRPCClientError(message, {
    result: { error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, messageKey } } },
  } as never);
}

function show(updateProfile: () => unknown) {
  const viewer = signedInUser({ name: "" });
  return renderWithApi(<NameStep viewer={viewer} />, {
    "user.me": () => viewer,
    "user.updateProfile": updateProfile,
  });
}

describe("the name step", () => {
  it("asks for a name before sending anything", () => {
    const { calls } = show(() => ({}));
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect(screen.getByText("Name is required").className).toBe("field-error");
    expect(calls.some((c) => c.path === "user.updateProfile")).toBe(false);
  });

  it("says a refusal of the name under it, keeping what was typed", async () => {
    show(() => {
      throw refusal("Text must not contain NUL characters or invalid Unicode", "unsupportedCharacters");
    });
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Ann" } });
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    const error = await screen.findByText("Text must not contain NUL characters or invalid Unicode");
    expect(error.className).toBe("field-error");
    expect(document.activeElement).toBe(screen.getByLabelText("Your name"));
    expect((screen.getByLabelText("Your name") as HTMLInputElement).value).toBe("Ann");
  });

  it("says any other refusal as a toast", async () => {
    show(() => {
      throw refusal("Too many requests. Please try again later.", "tooManyRequests");
    });
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Ann" } });
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect((await screen.findByTestId("toast")).textContent).toContain("Too many requests");
    expect(document.querySelector(".field-error")).toBeNull();
  });
});
