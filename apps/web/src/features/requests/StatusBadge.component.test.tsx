// @vitest-environment happy-dom
import type { RequestDisplayStatus } from "@hyn/validators/rules";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApi } from "../../test/render";
import { StatusBadge } from "./StatusBadge";

afterEach(cleanup);

describe("a request's status badge", () => {
  it("names a status it knows", () => {
    renderWithApi(<StatusBadge status="claimed" />, {});
    expect(screen.getByTestId("request-status").textContent).toBe("Status: Claimed");
  });

  it("shows no badge for a status a newer server added, rather than crash (issue 40)", () => {
    const { result } = renderWithApi(<StatusBadge status={"on_hold" as RequestDisplayStatus} />, {});
    expect(result.container.textContent).toBe("");
  });
});
