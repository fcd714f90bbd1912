// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "../i18n/i18n";
import { renderWithApi } from "../test/render";
import AdminAuditPage from "./AdminAuditPage";

afterEach(cleanup);
beforeAll(() => loadNamespaces(["admin"]));

const ADMIN = { id: "a1", label: "Ada <ada@example.com>" };
const entry = (id: string, action: string, subjectLabel: string, subjectSuspended: boolean | null = null) => ({
  id,
  createdAt: new Date("2026-11-20T10:00:00Z"),
  admin: ADMIN,
  action,
  subjectId: `subject-${subjectLabel}`,
  subjectLabel,
  reportId: null,
  reason: null,
  details: null,
  subjectSuspended,
});

describe("the audit log page (issue 29)", () => {
  it("shows older entries page by page, continuing from the last entry shown", async () => {
    const { calls } = renderWithApi(<AdminAuditPage />, {
      "user.me": () => null,
      "admin.audit": (input) =>
        (input as { cursor?: string | null }).cursor === "e2"
          ? { entries: [entry("e3", "request_removed", "Old request")], nextCursor: null }
          : {
              entries: [entry("e1", "group_removed", "Elm Street"), entry("e2", "report_dismissed", "Spam")],
              nextCursor: "e2",
            },
    });
    expect(await screen.findAllByTestId("audit-entry")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Show older entries" }));
    await waitFor(() => expect(screen.getAllByTestId("audit-entry")).toHaveLength(3));
    expect(screen.getByText("Old request")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show older entries" })).toBeNull();
    const cursors = calls
      .filter((call) => call.path === "admin.audit")
      .map((call) => (call.input as { cursor?: string }).cursor);
    expect(cursors).toEqual([undefined, "e2"]);
  });

  it("reinstates a suspended account from its newest suspension, after a confirmation with an optional reason", async () => {
    const { calls } = renderWithApi(<AdminAuditPage />, {
      "user.me": () => null,
      "admin.audit": () => ({
        entries: [
          entry("e1", "user_suspended", "Pat", true),
          entry("e2", "user_reinstated", "Pat"),
          entry("e3", "user_suspended", "Pat", true),
          entry("e4", "user_suspended", "Lee", false),
        ],
        nextCursor: null,
      }),
      "admin.reinstateUser": () => ({ ok: true }),
    });
    await screen.findAllByTestId("audit-entry");
    const buttons = screen.getAllByRole("button", { name: /^Reinstate account/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Reinstate Pat?" });
    fireEvent.change(within(dialog).getByLabelText("Reason (optional, kept in the audit log)"), {
      target: { value: "Appeal accepted" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reinstate account" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === "admin.reinstateUser")?.input).toEqual({
        id: "subject-Pat",
        reason: "Appeal accepted",
      }),
    );
  });
});
