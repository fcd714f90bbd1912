import { describe, expect, it } from "vitest";
import { createUrlRedactor } from "./log-redaction";

const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));

describe("a URL redaction rule", () => {
  // A future token route (a group link) as another procedure's meta would add it.
  const redact = createUrlRedactor({
    secretNames: new Set(["linkToken"]),
    pathTemplates: ["/api/group-links/:linkToken/join", "/api/group-links/mine", "/g/:linkToken", "/api/groups/:id"],
    trpcPrefix: "/trpc",
  });

  it("covers a new token by its name alone: in its paths, in queries and in tRPC input", () => {
    expect(redact("/api/group-links/s3cr3t/join")).toBe("/api/group-links/[redacted]/join");
    expect(redact("/api/group-links/mine")).toBe("/api/group-links/mine");
    expect(redact("/g/s3cr3t")).toBe("/g/[redacted]");
    expect(redact("/somewhere?linkToken=s3cr3t&x=1")).toBe("/somewhere?linkToken=%5Bredacted%5D&x=1");
    expect(
      redact(`/trpc/groups.joinByLink?input=${trpcInput({ json: { nested: [{ linkToken: "s3cr3t" }] } })}`),
    ).not.toContain("s3cr3t");
    expect(redact("/api/groups/42")).toBe("/api/groups/42");
  });

  it("redacts an input nested deeper than it looks into whole", () => {
    let deep: unknown = { linkToken: "s3cr3t" };
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(redact(`/trpc/x?input=${trpcInput(deep)}`)).toBe("/trpc/x?input=%5Bredacted%5D");
  });
});
