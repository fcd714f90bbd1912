import { userEmailPreferences } from "@hyn/db";
import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE_FREQUENCY, NEVER } from "./profile-frequency";

describe("the profile's e-mail frequency", () => {
  it("defaults to Never, and the column's own default says the same", () => {
    expect(DEFAULT_PROFILE_FREQUENCY).toBe(NEVER);
    expect(userEmailPreferences.frequency.default).toBe(DEFAULT_PROFILE_FREQUENCY);
  });
});
