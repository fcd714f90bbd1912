import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appUrlRedactor } from "./url-redaction";

const scrubUrl = appUrlRedactor({ trpcPrefix: "/trpc", restPrefix: "/api" });
const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));

describe("the app's URL redaction", () => {
  it("removes invitation tokens from paths", () => {
    expect(scrubUrl("/api/invites/abc123/join")).toBe("/api/invites/[redacted]/join");
    expect(scrubUrl("/api/invites/validate/abc123")).toBe("/api/invites/validate/[redacted]");
    expect(scrubUrl("/invite/abc123")).toBe("/invite/[redacted]");
    expect(scrubUrl("/join/abc123")).toBe("/join/[redacted]");
  });

  it("removes a calendar feed's token, its address's only credential, and keeps a request's calendar path", () => {
    expect(scrubUrl("/api/calendar/abcdefghijklmnopqrstuvwxyz234567.ics")).toBe("/api/calendar/[redacted]");
    expect(scrubUrl("/api/requests/42/calendar.ics")).toBe("/api/requests/42/calendar.ics");
  });

  it("removes verification and reset tokens from queries and keeps the rest", () => {
    expect(scrubUrl("/auth/callback?token_hash=secret&type=signup")).toBe(
      "/auth/callback?token_hash=%5Bredacted%5D&type=signup",
    );
    expect(scrubUrl("/reset-password?token=secret")).toBe("/reset-password?token=%5Bredacted%5D");
    expect(scrubUrl("/groups?highlight=42")).toBe("/groups?highlight=42");
    expect(scrubUrl("/api/groups")).toBe("/api/groups");
  });

  it("removes unsubscribe tokens from the page, the REST routes and the one-click POST's path", () => {
    expect(scrubUrl("/unsubscribe/AQzE1F_2Dk-x")).toBe("/unsubscribe/[redacted]");
    expect(scrubUrl("/api/unsubscribe/AQzE1F_2Dk-x")).toBe("/api/unsubscribe/[redacted]");
    expect(scrubUrl("/api/unsubscribe/AQzE1F_2Dk-x/all")).toBe("/api/unsubscribe/[redacted]/all");
  });

  it("removes a token from an address no route has, when it starts like a token route", () => {
    expect(scrubUrl("/api/invites/abc123")).toBe("/api/invites/[redacted]");
    expect(scrubUrl("/api/invites/abc123/joined")).toBe("/api/invites/[redacted]/joined");
    expect(scrubUrl("/API//Invites/abc123/join/")).toBe("/API/Invites/[redacted]/join/");
    expect(scrubUrl("/api/calendar/abc123.ics/more")).toBe("/api/calendar/[redacted]/more");
    expect(scrubUrl("/api/groups/42/members")).toBe("/api/groups/42/members");
  });

  it("removes a token from a tRPC GET's input, in a batch too, and keeps the other inputs", () => {
    const batch = { 0: { json: { groupId: "g-42" } }, 1: { json: { token: "abc123" } } };
    const redacted = scrubUrl(`/trpc/requests.forGroup,invitations.validate?batch=1&input=${trpcInput(batch)}`);
    expect(redacted).not.toContain("abc123");
    expect(JSON.parse(new URL(redacted, "http://x").searchParams.get("input")!)).toEqual({
      0: { json: { groupId: "g-42" } },
      1: { json: { token: "[redacted]" } },
    });
    expect(
      scrubUrl(`/trpc/auth.checkResetToken?batch=1&input=${trpcInput({ 0: { json: { token: "abc123" } } })}`),
    ).not.toContain("abc123");
    expect(scrubUrl(`/trpc/groups.list?batch=1&input=${trpcInput({ 0: { json: null } })}`)).toBe(
      `/trpc/groups.list?batch=1&input=${trpcInput({ 0: { json: null } })}`,
    );
  });

  it("removes a tRPC input whole when it is not JSON, since nothing says where its token is", () => {
    expect(scrubUrl(`/trpc/invitations.validate?input=${encodeURIComponent('{"json":{"token":"abc123"')}`)).toBe(
      "/trpc/invitations.validate?input=%5Bredacted%5D",
    );
  });

  it("reads a path as the router does, escapes decoded once: every spelling of a token route is redacted like its plain one", () => {
    expect(scrubUrl("/api/%69nvites/abc123")).toBe("/api/invites/[redacted]");
    expect(scrubUrl("/%6Aoin/abc%31%32%33")).toBe("/join/[redacted]");
    const input = trpcInput({ 0: { json: { token: "abc123" } } });
    expect(scrubUrl(`/%74rpc/groupLinks.joinPage?batch=1&input=${input}`)).toBe(
      `/trpc/groupLinks.joinPage?batch=1&input=${trpcInput({ 0: { json: { token: "[redacted]" } } })}`,
    );
    // An escaped "/" is no separator to the router, and "%25" stays "%25": no second decoding.
    expect(scrubUrl("/api/invites/abc%2F123/join")).toBe("/api/invites/[redacted]/join");
    expect(scrubUrl("/api/%2569nvites/x")).toBe("/api/%2569nvites/x");
    expect(scrubUrl("/api%2Finvites/x")).toBe("/api%2Finvites/x");
  });

  it("reads a malformed escape without throwing, and still redacts the token (the router answers 400)", () => {
    expect(scrubUrl("/api/%69nvites/abc123%zz")).toBe("/api/invites/[redacted]");
    expect(scrubUrl("/api/invites/abc%E0%A4%A")).toBe("/api/invites/[redacted]");
    expect(scrubUrl("/%")).toBe("/%");
    // A control character stays escaped: no line is forged in a terminal's log.
    expect(scrubUrl("/api/groups%0A%0d%7F/x")).toBe("/api/groups%0A%0d%7F/x");
    expect(scrubUrl("/api/groups%0A%zz")).toBe("/api/groups%0A%zz");
  });

  it("redacts any percent-encoding of a token-bearing path as it redacts the path", () => {
    const tokenPaths = fc.constantFrom(
      "/api/invites/abc123/join",
      "/api/invites/validate/abc123",
      "/api/calendar/abc123.ics",
      "/unsubscribe/abc123",
      "/api/unsubscribe/abc123/all",
      "/invite/abc123",
    );
    const spelled = tokenPaths.chain((path) =>
      fc
        .array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: path.length, maxLength: path.length })
        .map((choices) => ({
          path,
          spelling: [...path]
            .map((char, i) => {
              const [escape, lower] = choices[i]!;
              if (char === "/" || !escape) return char;
              const hex = char.charCodeAt(0).toString(16).padStart(2, "0");
              return `%${lower ? hex.toLowerCase() : hex.toUpperCase()}`;
            })
            .join(""),
        })),
    );
    fc.assert(
      fc.property(spelled, ({ path, spelling }) => {
        expect(scrubUrl(spelling)).toBe(scrubUrl(path));
        expect(scrubUrl(spelling)).not.toContain("abc123");
      }),
    );
  });
});
