import { describe, expect, it } from "vitest";
import { isConnectionLost } from "./connection-errors";

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe("isConnectionLost", () => {
  it("recognises a lost connection from the driver, the server or the OS, also when wrapped", () => {
    for (const code of [
      "CONNECTION_DESTROYED",
      "CONNECTION_ENDED",
      "CONNECTION_CLOSED",
      "57P01",
      "08006",
      "08P01",
      "ECONNREFUSED",
    ]) {
      expect(isConnectionLost(withCode(code)), code).toBe(true);
    }
    expect(isConnectionLost(new Error("Failed query: select 1", { cause: withCode("57P01") }))).toBe(true);
  });

  it("leaves every other failure alone", () => {
    for (const error of [
      withCode("23505"),
      withCode("40001"),
      withCode("42P01"),
      new Error("boom"),
      null,
      undefined,
      "57P01",
    ]) {
      expect(isConnectionLost(error)).toBe(false);
    }
  });
});
