import { describe, expect, it } from "vitest";
import { scrubUrl } from "./log-redaction";

describe("scrubUrl", () => {
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
    expect(scrubUrl("/auth/callback?token_hash=secret&type=signup")).toBe("/auth/callback?token_hash=%5Bredacted%5D&type=signup");
    expect(scrubUrl("/reset-password?token=secret")).toBe("/reset-password?token=%5Bredacted%5D");
    expect(scrubUrl("/groups?highlight=42")).toBe("/groups?highlight=42");
    expect(scrubUrl("/api/groups")).toBe("/api/groups");
  });
});
