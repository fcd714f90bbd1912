// @vitest-environment happy-dom
import { messages } from "@hyn/validators/messages";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure, renderWithApi, type Handlers } from "../../test/render";
import { InviteForm } from "./InviteForm";

afterEach(cleanup);

const signedIn: Handlers = { "user.me": () => null };

function showForm(handlers: Handlers) {
  const onDone = vi.fn();
  const rendered = renderWithApi(<InviteForm groupId="group-1" groupName="Elm Street" onDone={onDone} />, {
    ...signedIn,
    ...handlers,
  });
  return {
    ...rendered,
    onDone,
    field: screen.getByLabelText("Email addresses") as HTMLTextAreaElement,
    submit: () => fireEvent.submit(screen.getByRole("form")),
  };
}

describe("the invite form", () => {
  it("counts the invitations sent against the limit", async () => {
    showForm({ "invitations.count": () => ({ current: 3, max: 10 }) });
    expect(await screen.findByText("3/10 invitations sent")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Invite" }).hasAttribute("disabled")).toBe(false);
  });

  it("cannot send at the limit, and says why", async () => {
    showForm({ "invitations.count": () => ({ current: 10, max: 10 }) });
    expect(await screen.findByText("10/10 invitations sent")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Invite" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByText(messages.invitationLimitTooltip, { selector: "p" })).toBeTruthy();
  });

  it("checks the address before sending, and clears the message as the person types", async () => {
    const { field, submit, calls } = showForm({ "invitations.count": () => ({ current: 0, max: 10 }) });
    submit();
    expect(await screen.findByText(messages.inviteEmailRequired)).toBeTruthy();
    fireEvent.change(field, { target: { value: "not-an-address" } });
    expect(screen.queryByText(messages.inviteEmailRequired)).toBeNull();
    submit();
    expect(await screen.findByText(messages.enterValidEmail)).toBeTruthy();
    expect(calls.filter((c) => c.path === "invitations.create")).toHaveLength(0);
  });

  it("sends, clears the field, reloads the count and stays open for more", async () => {
    let count = 0;
    const { field, submit, calls, onDone } = showForm({
      "invitations.count": () => ({ current: count, max: 10 }),
      "invitations.create": (input) => (
        (count = 1),
        { ...(input as object), id: "invite-1", email: "dee@example.com" }
      ),
      "invitations.outgoing": () => [],
    });
    await screen.findByText("0/10 invitations sent");
    fireEvent.change(field, { target: { value: "  dee@example.com " } });
    submit();
    expect(await screen.findByText("Invitation sent to dee@example.com")).toBeTruthy();
    expect(calls.find((c) => c.path === "invitations.create")!.input).toEqual({
      groupId: "group-1",
      email: "dee@example.com",
    });
    expect(field.value).toBe("");
    expect(onDone).not.toHaveBeenCalled();
    await waitFor(() => expect(calls.filter((c) => c.path === "invitations.count").length).toBeGreaterThan(1));
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { field, submit, onDone } = showForm({
      "invitations.count": () => ({ current: 0, max: 10 }),
      "invitations.create": () => {
        throw new ApiFailure("This person is already a member of this group");
      },
    });
    fireEvent.change(field, { target: { value: "bo@example.com" } });
    submit();
    expect(await screen.findByText("This person is already a member of this group")).toBeTruthy();
    expect(field.value).toBe("bo@example.com");
    expect(onDone).not.toHaveBeenCalled();
  });

  it("sends several pasted addresses at once and says what happened to each, keeping the refused ones", async () => {
    const { field, submit, calls, onDone } = showForm({
      "invitations.count": () => ({ current: 0, max: 10 }),
      "invitations.createMany": () => ({
        results: [
          { email: "a@example.com", sent: true, refusal: null, id: "i-1" },
          { email: "bo@example.com", sent: false, refusal: { key: "userAlreadyMember" }, id: null },
          { email: "c@example.com", sent: true, refusal: null, id: "i-2" },
        ],
      }),
      "invitations.outgoing": () => [],
    });
    fireEvent.change(field, { target: { value: "a@example.com, BO@example.com\nc@example.com" } });
    submit();
    expect(await screen.findByText("Invitation sent to a@example.com")).toBeTruthy();
    expect(screen.getByText("Invitation sent to c@example.com")).toBeTruthy();
    expect(screen.getByText(messages.userAlreadyMember, { exact: false })).toBeTruthy();
    expect(calls.find((c) => c.path === "invitations.createMany")!.input).toEqual({
      groupId: "group-1",
      emails: ["a@example.com", "bo@example.com", "c@example.com"],
    });
    expect(field.value).toBe("bo@example.com");
    expect(onDone).not.toHaveBeenCalled();
  });
});
