import { describe, expect, it } from "vitest";
import { createRequestInput } from "./requests";
import { messages } from "./messages";
import { readDateTime } from "./rules";

const local = (...parts: [number, number, number, number, number, number?]) => {
  const date = new Date(0);
  date.setFullYear(parts[0], parts[1] - 1, parts[2]);
  date.setHours(parts[3], parts[4], parts[5] ?? 0, 0);
  return date;
};

describe("reading a date and time strictly (readDateTime)", () => {
  const dates: Array<[string, Date]> = [
    ["2027-06-14T15:30:00Z", new Date(Date.UTC(2027, 5, 14, 15, 30))],
    ["2027-06-14T15:30:00.123Z", new Date(Date.UTC(2027, 5, 14, 15, 30, 0, 123))],
    ["2027-06-14T15:30:00.123456789Z", new Date(Date.UTC(2027, 5, 14, 15, 30, 0, 123))],
    ["2027-06-14t15:30z", new Date(Date.UTC(2027, 5, 14, 15, 30))],
    ["2027-06-14 15:30:00Z", new Date(Date.UTC(2027, 5, 14, 15, 30))],
    ["2027-06-14T15:30:00+02:00", new Date(Date.UTC(2027, 5, 14, 13, 30))],
    ["2027-06-14T15:30:00-0530", new Date(Date.UTC(2027, 5, 14, 21, 0))],
    ["2027-06-14T01:00:00+05", new Date(Date.UTC(2027, 5, 13, 20, 0))],
    ["2027-06-14", new Date(Date.UTC(2027, 5, 14))],
    ["2027-06-14T15:30", local(2027, 6, 14, 15, 30)],
    ["2028-02-29T10:00:00Z", new Date(Date.UTC(2028, 1, 29, 10))],
    ["2000-02-29T10:00:00Z", new Date(Date.UTC(2000, 1, 29, 10))],
    ["2027-06-14T24:00:00Z", new Date(Date.UTC(2027, 5, 15))],
    ["  2027-06-14T15:30:00Z  ", new Date(Date.UTC(2027, 5, 14, 15, 30))],
    ["10000-01-01T00:00:00Z", new Date(Date.UTC(10000, 0, 1))],
    ["+010000-01-01T00:00:00Z", new Date(Date.UTC(10000, 0, 1))],
    ["0099-01-01T00:00:00Z", new Date("0099-01-01T00:00:00Z")],
  ];
  it.each(dates)("reads %j", (text, date) => {
    expect(readDateTime(text)).toEqual({ date });
  });

  const problems: Array<[string, "not-a-date" | "not-real" | "beyond-range"]> = [
    ["2027-02-30T10:00:00Z", "not-real"],
    ["2027-02-29T10:00:00Z", "not-real"],
    ["1900-02-29T10:00:00Z", "not-real"],
    ["2027-04-31T10:00:00+02:00", "not-real"],
    ["2027-13-01T00:00:00Z", "not-real"],
    ["2027-00-10T00:00:00Z", "not-real"],
    ["2027-06-00T00:00:00Z", "not-real"],
    ["2027-06-14T25:00:00Z", "not-real"],
    ["2027-06-14T24:00:01Z", "not-real"],
    ["2027-06-14T10:60:00Z", "not-real"],
    ["2027-06-14T10:00:60Z", "not-real"],
    ["2027-06-14T10:00:00+24:00", "not-real"],
    ["2027-06-14T10:00:00+02:60", "not-real"],
    ["2027-02-30", "not-real"],
    ["999999-01-01T00:00:00Z", "beyond-range"],
    ["+999999-01-01T00:00:00Z", "beyond-range"],
    ["", "not-a-date"],
    ["tomorrow", "not-a-date"],
    ["1", "not-a-date"],
    ["Feb 30 2027", "not-a-date"],
    ["Mon, 14 Jun 2027 15:30:00 GMT", "not-a-date"],
    ["2027-6-14T15:30:00Z", "not-a-date"],
    ["2027-06-14T15:30:00Zjunk", "not-a-date"],
    ["2027-06-14T15Z", "not-a-date"],
    ["27-06-14T15:30:00Z", "not-a-date"],
  ];
  it.each(problems)("refuses %j as %s", (text, problem) => {
    expect(readDateTime(text)).toEqual({ problem });
  });
});

describe("a request's needed-by", () => {
  const base = { itemDescription: "Milk", groupId: "0b5e4b9a-3c1d-4f2e-8a7b-9c0d1e2f3a4b" };
  const errorOf = (neededBy: unknown) => {
    const result = createRequestInput.safeParse({ ...base, neededBy });
    return result.success ? null : result.error.issues.map((issue) => issue.message);
  };
  it.each([
    ["2027-02-30T10:00:00Z", messages.neededByNotReal],
    ["2027-06-14T25:00:00Z", messages.neededByNotReal],
    ["next week", messages.neededByNotADate],
    ["+999999-01-01T00:00:00Z", messages.neededByTooFar],
    ["", messages.neededByRequired],
    [undefined, messages.neededByRequired],
    [42, messages.neededByRequired],
    [new Date(Number.NaN), messages.neededByNotADate],
  ])("refuses %j with what is wrong", (neededBy, message) => {
    expect(errorOf(neededBy)).toEqual([message]);
  });

  it("takes a real date as a string or a Date", () => {
    expect(createRequestInput.parse({ ...base, neededBy: "2027-02-28T10:00:00Z" }).neededBy).toEqual(
      new Date("2027-02-28T10:00:00Z"),
    );
    expect(createRequestInput.parse({ ...base, neededBy: new Date("2027-02-28T10:00:00Z") }).neededBy).toEqual(
      new Date("2027-02-28T10:00:00Z"),
    );
  });
});
