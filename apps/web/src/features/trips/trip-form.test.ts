import { describe, expect, it } from "vitest";
import { defaultClosesAt, TRIP_FIELD_OF_KEY, validateTripForm, type TripFormValues } from "./trip-form";

const values = (overrides: Partial<TripFormValues> = {}): TripFormValues => ({
  store: "Aldi",
  departsAt: "2030-06-15T09:00",
  closesAt: "",
  groupIds: ["g1"],
  note: "",
  maxItems: "",
  repeatWeekly: false,
  ...overrides,
});

describe("the announce form's own checks", () => {
  it("sends a trip with an empty closing time as null, so the server closes it an hour before", () => {
    const { errors, input } = validateTripForm(
      values({ note: " <b>Room</b> for one bag ", maxItems: "5", repeatWeekly: true }),
    );
    expect(errors).toEqual({});
    expect(input).toEqual({
      store: "Aldi",
      departsAt: new Date(2030, 5, 15, 9, 0),
      closesAt: null,
      groupIds: ["g1"],
      note: "Room for one bag",
      maxItems: 5,
      repeat: { every: "week" },
    });
    expect(defaultClosesAt(input!.departsAt)).toEqual(new Date(2030, 5, 15, 8, 0));
  });

  it("names every empty or wrong field by its message key", () => {
    const { errors, input } = validateTripForm(
      values({ store: " <i></i> ", departsAt: "", groupIds: [], maxItems: "0", closesAt: "2030-13-01T10:00" }),
    );
    expect(input).toBeNull();
    expect(errors).toEqual({
      store: "tripStoreRequired",
      departsAt: "tripDepartsAtRequired",
      groupIds: "tripGroupsRequired",
      closesAt: "tripClosesAtNotADate",
      maxItems: "tripMaxItemsInvalid",
    });
  });

  it("refuses a list that closes after leaving", () => {
    expect(validateTripForm(values({ closesAt: "2030-06-15T09:30" })).errors).toEqual({
      closesAt: "tripClosesAtAfterDeparts",
    });
    expect(validateTripForm(values({ closesAt: "2030-06-15T09:00" })).errors).toEqual({});
  });

  it("puts the server's keyed refusals on their fields, and no other", () => {
    expect(TRIP_FIELD_OF_KEY.tripDepartsAtPast).toBe("departsAt");
    expect(TRIP_FIELD_OF_KEY.tripDepartsAtTooFar).toBe("departsAt");
    expect(TRIP_FIELD_OF_KEY.tripClosesAtAfterDeparts).toBe("closesAt");
    expect(TRIP_FIELD_OF_KEY.notMember).toBe("groupIds");
    expect(TRIP_FIELD_OF_KEY.tooManyRequests).toBeUndefined();
  });
});
