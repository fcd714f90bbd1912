import { describe, expect, it } from "vitest";
import {
  neededByPickerMin,
  parseDateTimeLocal,
  toDateTimeLocal,
  validateRequestForm,
  type RequestFormValues,
} from "./request-form";
import {
  awaitingFirstOfferOf,
  clockOffsetMs,
  displayStatusOf,
  formatNeededBy,
  keepPlaces,
  nextExpiry,
  requestPermissions,
  sortRequests,
  type RequestFacts,
} from "./request-rules";

const NOW = new Date(2030, 5, 14, 15, 30); // Fri 14 Jun 2030, 15:30 local time
const HOUR = 3_600_000;
const OWNER = "owner-id";
const HELPER = "helper-id";
const OTHER = "other-id";

let sequence = 0;
function request(overrides: Partial<RequestFacts> = {}): RequestFacts {
  sequence++;
  return {
    id: `r${String(sequence).padStart(3, "0")}`,
    userId: OWNER,
    status: "open",
    neededBy: new Date(NOW.getTime() + 24 * HOUR),
    claimedBy: null,
    createdAt: new Date(NOW.getTime() - HOUR),
    ...overrides,
  };
}

describe("the status a card shows", () => {
  it("is expired for an open request whose needed-by time has passed, and the stored status otherwise", () => {
    expect(displayStatusOf(request(), NOW)).toBe("open");
    expect(displayStatusOf(request({ neededBy: new Date(NOW.getTime() - 1) }), NOW)).toBe("expired");
    expect(displayStatusOf(request({ neededBy: NOW }), NOW)).toBe("expired");
    expect(displayStatusOf(request({ status: "claimed", neededBy: new Date(NOW.getTime() - HOUR) }), NOW)).toBe(
      "claimed",
    );
    expect(displayStatusOf(request({ status: "fulfilled", neededBy: new Date(NOW.getTime() - HOUR) }), NOW)).toBe(
      "fulfilled",
    );
  });

  it("turns to expired once the clock passes the needed-by time, without new data", () => {
    const soon = request({ neededBy: new Date(NOW.getTime() + 60_000) });
    expect(displayStatusOf(soon, NOW)).toBe("open");
    expect(displayStatusOf(soon, new Date(NOW.getTime() + 60_000))).toBe("expired");
  });
});

describe("list order", () => {
  it("is open, claimed, fulfilled, expired, then earliest needed-by", () => {
    const late = request({ neededBy: new Date(NOW.getTime() + 48 * HOUR) });
    const early = request({ neededBy: new Date(NOW.getTime() + 2 * HOUR) });
    const claimed = request({ status: "claimed", claimedBy: HELPER, neededBy: new Date(NOW.getTime() + HOUR) });
    const fulfilled = request({ status: "fulfilled", claimedBy: HELPER, neededBy: new Date(NOW.getTime() - 5 * HOUR) });
    const expired = request({ neededBy: new Date(NOW.getTime() - 10 * HOUR) });
    const sorted = sortRequests([expired, fulfilled, late, claimed, early], NOW);
    expect(sorted.map((r) => r.id)).toEqual([early.id, late.id, claimed.id, fulfilled.id, expired.id]);
  });

  it("moves a request that expires while the page is open behind the fulfilled ones", () => {
    const expiring = request({ neededBy: new Date(NOW.getTime() + 60_000) });
    const fulfilled = request({ status: "fulfilled", claimedBy: HELPER });
    expect(sortRequests([fulfilled, expiring], NOW).map((r) => r.id)).toEqual([expiring.id, fulfilled.id]);
    expect(sortRequests([fulfilled, expiring], new Date(NOW.getTime() + 2 * 60_000)).map((r) => r.id)).toEqual([
      fulfilled.id,
      expiring.id,
    ]);
  });

  it("puts a request nobody has offered for at half its time above the rest, until someone offers (issue 41)", () => {
    const waiting = request({
      createdAt: new Date(NOW.getTime() - 6 * HOUR),
      neededBy: new Date(NOW.getTime() + 4 * HOUR),
      firstOfferedAt: null,
    });
    const sooner = request({ neededBy: new Date(NOW.getTime() + 2 * HOUR), firstOfferedAt: null });
    expect(awaitingFirstOfferOf(waiting, NOW)).toBe(true);
    expect(awaitingFirstOfferOf(sooner, NOW)).toBe(false);
    expect(sortRequests([sooner, waiting], NOW).map((r) => r.id)).toEqual([waiting.id, sooner.id]);
    const offered = { ...waiting, firstOfferedAt: new Date(NOW.getTime() - HOUR) };
    expect(sortRequests([sooner, offered], NOW).map((r) => r.id)).toEqual([sooner.id, offered.id]);
    // Five hours before: not yet half-way.
    expect(awaitingFirstOfferOf(waiting, new Date(NOW.getTime() - 2 * HOUR))).toBe(false);
  });

  it("breaks ties by creation time, then id, as the server does, and leaves the input alone", () => {
    const neededBy = new Date(NOW.getTime() + 5 * HOUR);
    const second = request({ neededBy, createdAt: new Date(NOW.getTime() - HOUR) });
    const first = request({ neededBy, createdAt: new Date(NOW.getTime() - 2 * HOUR) });
    const third = request({ neededBy, createdAt: second.createdAt });
    const input = [third, second, first];
    expect(sortRequests(input, NOW).map((r) => r.id)).toEqual([first.id, second.id, third.id]);
    expect(input.map((r) => r.id)).toEqual([third.id, second.id, first.id]);
  });
});

describe("a card the viewer just acted on", () => {
  const ids = (list: readonly { id: string }[]) => list.map((item) => item.id);
  const [a, b, c, d] = ["a", "b", "c", "d"].map((id) => ({ id }));

  it("stays at the place it had while the others keep their sorted order", () => {
    // b was second when claimed; sorted, it now follows the open ones.
    expect(ids(keepPlaces([a!, c!, d!, b!], new Map([["b", 1]])))).toEqual(["a", "b", "c", "d"]);
  });

  it("keeps several places, and a place past the end becomes the end", () => {
    const kept = new Map([
      ["d", 0],
      ["b", 2],
    ]);
    expect(ids(keepPlaces([a!, b!, c!, d!], kept))).toEqual(["d", "a", "b", "c"]);
    expect(ids(keepPlaces([a!, b!], new Map([["a", 5]])))).toEqual(["b", "a"]);
  });

  it("leaves the sorted list as it is when nothing was acted on, or the card is gone", () => {
    expect(ids(keepPlaces([a!, b!, c!], new Map()))).toEqual(["a", "b", "c"]);
    expect(ids(keepPlaces([a!, c!], new Map([["b", 0]])))).toEqual(["a", "c"]);
  });
});

describe("the next moment a card changes by itself", () => {
  it("is the earliest needed-by of the open requests still in the future", () => {
    const a = request({ neededBy: new Date(NOW.getTime() + 3 * HOUR) });
    const b = request({ neededBy: new Date(NOW.getTime() + 2 * HOUR) });
    const claimedSooner = request({ status: "claimed", claimedBy: HELPER, neededBy: new Date(NOW.getTime() + HOUR) });
    const alreadyExpired = request({ neededBy: new Date(NOW.getTime() - HOUR) });
    expect(
      nextExpiry(
        [
          [a, alreadyExpired],
          [b, claimedSooner],
        ],
        NOW,
      ),
    ).toEqual(b.neededBy);
    expect(nextExpiry([[claimedSooner, alreadyExpired], []], NOW)).toBeNull();
  });
});

describe("which buttons a card shows", () => {
  it("offers I can help only to non-owners on open requests that have not expired", () => {
    const open = request();
    expect(requestPermissions(open, OTHER, NOW).canClaim).toBe(true);
    expect(requestPermissions(open, OWNER, NOW).canClaim).toBe(false);
    expect(requestPermissions(request({ neededBy: new Date(NOW.getTime() - 1) }), OTHER, NOW).canClaim).toBe(false);
    expect(requestPermissions(request({ status: "claimed", claimedBy: HELPER }), OTHER, NOW).canClaim).toBe(false);
    expect(requestPermissions(request({ status: "fulfilled", claimedBy: HELPER }), OTHER, NOW).canClaim).toBe(false);
  });

  it("lets only the claimer unclaim or mark fulfilled, and only while claimed", () => {
    const claimed = request({ status: "claimed", claimedBy: HELPER, neededBy: new Date(NOW.getTime() - HOUR) });
    expect(requestPermissions(claimed, HELPER, NOW)).toMatchObject({
      canUnclaim: true,
      canFulfill: true,
      canClaim: false,
      canDelete: false,
    });
    expect(requestPermissions(claimed, OTHER, NOW)).toMatchObject({ canUnclaim: false, canFulfill: false });
    expect(requestPermissions(claimed, OWNER, NOW)).toMatchObject({ canUnclaim: false, canFulfill: false });
    const fulfilled = request({ status: "fulfilled", claimedBy: HELPER });
    expect(requestPermissions(fulfilled, HELPER, NOW)).toMatchObject({ canUnclaim: false, canFulfill: false });
  });

  it("lets the owner delete anything but a fulfilled request, and notify the group while it is open", () => {
    expect(requestPermissions(request(), OWNER, NOW)).toEqual({
      canClaim: false,
      canUnclaim: false,
      canFulfill: false,
      canDelete: true,
      canNotify: true,
    });
    expect(requestPermissions(request({ status: "claimed", claimedBy: HELPER }), OWNER, NOW)).toMatchObject({
      canDelete: true,
      canNotify: false,
    });
    expect(requestPermissions(request({ neededBy: new Date(NOW.getTime() - HOUR) }), OWNER, NOW)).toMatchObject({
      canDelete: true,
      canNotify: false,
    });
    expect(requestPermissions(request({ status: "fulfilled", claimedBy: HELPER }), OWNER, NOW)).toMatchObject({
      canDelete: false,
      canNotify: false,
    });
    expect(requestPermissions(request(), OTHER, NOW)).toMatchObject({ canDelete: false, canNotify: false });
  });
});

describe("the needed-by picker", () => {
  it("starts at the start of tomorrow in local time", () => {
    expect(neededByPickerMin(NOW)).toBe("2030-06-15T00:00");
    expect(neededByPickerMin(new Date(2030, 11, 31, 23, 59))).toBe("2031-01-01T00:00");
    expect(neededByPickerMin(new Date(2030, 1, 28, 0, 0))).toBe("2030-03-01T00:00");
  });

  it("reads and writes datetime-local values in local time", () => {
    expect(toDateTimeLocal(new Date(2030, 0, 5, 7, 3))).toBe("2030-01-05T07:03");
    expect(parseDateTimeLocal("2030-01-05T07:03")).toEqual(new Date(2030, 0, 5, 7, 3));
    expect(parseDateTimeLocal("2030-01-05T07:03:30")).toEqual(new Date(2030, 0, 5, 7, 3, 30));
    expect(parseDateTimeLocal("")).toBeNull();
    expect(parseDateTimeLocal("2030-02-31T10:00")).toBeNull();
    expect(parseDateTimeLocal("tomorrow")).toBeNull();
  });
});

describe("the new-request form's checks", () => {
  /** The profile's phone, which "Ask me first" needs (issue 43 §5). */
  const PHONE = "0151 234 5678";
  const valid: RequestFormValues = {
    itemDescription: "  Oat milk <b>2 l</b> ",
    groupId: "group-1",
    neededBy: "2030-06-15T10:00",
    storePreference: "  ",
    pickupNotes: "Leave it at the door",
    ifUnavailable: "ask",
    repeatEvery: "never",
    repeatUntil: "",
  };

  it("names every missing required field with the spec's texts", () => {
    const { errors, input } = validateRequestForm(
      {
        itemDescription: "",
        groupId: "",
        neededBy: "",
        storePreference: "",
        pickupNotes: "",
        ifUnavailable: "similar",
        repeatEvery: "never",
        repeatUntil: "",
      },
      NOW,
      PHONE,
    );
    expect(input).toBeNull();
    expect(errors).toEqual({
      itemDescription: "itemDescriptionRequired",
      groupId: "selectGroup",
      neededBy: "neededByRequired",
    });
  });

  it("treats a description that is only markup as missing", () => {
    expect(validateRequestForm({ ...valid, itemDescription: "<i></i>  " }, NOW, PHONE).errors).toEqual({
      itemDescription: "itemDescriptionRequired",
    });
  });

  it("refuses a needed-by time that is not in the future", () => {
    expect(validateRequestForm({ ...valid, neededBy: "2030-06-14T15:30" }, NOW, PHONE).errors).toEqual({
      neededBy: "neededByFutureForm",
    });
    expect(validateRequestForm({ ...valid, neededBy: "2030-06-14T09:00" }, NOW, PHONE).errors).toEqual({
      neededBy: "neededByFutureForm",
    });
    expect(validateRequestForm({ ...valid, neededBy: "2030-06-14T15:31" }, NOW, PHONE).errors).toEqual({});
  });

  it("refuses a needed-by time more than 5 years ahead, as the server does", () => {
    expect(validateRequestForm({ ...valid, neededBy: "2035-06-14T15:31" }, NOW, PHONE).errors).toEqual({
      neededBy: "neededByTooFar",
    });
    expect(validateRequestForm({ ...valid, neededBy: "2035-06-14T15:29" }, NOW, PHONE).errors).toEqual({});
  });

  it("gives the cleaned input, with empty optional fields as null", () => {
    expect(validateRequestForm(valid, NOW, PHONE)).toEqual({
      errors: {},
      input: {
        itemDescription: "Oat milk 2 l",
        groupId: "group-1",
        neededBy: new Date(2030, 5, 15, 10, 0),
        storePreference: null,
        pickupNotes: "Leave it at the door",
        ifUnavailable: "ask",
        repeat: null,
      },
    });
  });
});

describe('"Ask me first" from a profile without a phone (issue 43 §5)', () => {
  const askFirst: RequestFormValues = {
    itemDescription: "Oat milk",
    groupId: "group-1",
    neededBy: "2030-06-15T10:00",
    storePreference: "",
    pickupNotes: "",
    ifUnavailable: "ask",
    repeatEvery: "never",
    repeatUntil: "",
  };

  it("asks for the phone beside the choice, with the profile's rule, and sends it with the post", () => {
    expect(validateRequestForm(askFirst, NOW, null).errors).toEqual({ phone: "phoneRequired" });
    expect(validateRequestForm({ ...askFirst, phone: "12 34" }, NOW, null).errors).toEqual({
      phone: "enterValidPhone",
    });
    expect(validateRequestForm({ ...askFirst, phone: " <b>0151 234 5678</b> " }, NOW, null).input).toMatchObject({
      ifUnavailable: "ask",
      phone: "0151 234 5678",
    });
  });

  it("asks for nothing when the profile has a phone, another answer is chosen, or it is for a neighbour without the app", () => {
    expect(validateRequestForm(askFirst, NOW, "0151 234 5678").input).not.toHaveProperty("phone");
    expect(validateRequestForm({ ...askFirst, ifUnavailable: "similar", phone: "" }, NOW, null).errors).toEqual({});
    expect(validateRequestForm({ ...askFirst, onBehalfOf: "neighbour-1" }, NOW, null).errors).toEqual({});
  });
});

describe("showing a needed-by time", () => {
  it("reads at a glance, with the year only when it is not this year", () => {
    // Local times: the page shows the browser's time zone.
    const now = new Date(2030, 5, 14, 12);
    expect(formatNeededBy(new Date(2030, 5, 15, 18, 5), now)).toBe("Sat 15 Jun, 18:05");
    expect(formatNeededBy(new Date(2031, 0, 2, 9, 0), now)).toBe("Thu 2 Jan 2031, 09:00");
  });
});

describe("the server's clock", () => {
  it("is the browser's clock plus the offset seen when the data arrived", () => {
    expect(clockOffsetMs(new Date(10_000), 7_000)).toBe(3_000);
    expect(clockOffsetMs(new Date(7_000), 10_000)).toBe(-3_000);
  });
});
