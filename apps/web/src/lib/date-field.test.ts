import { describe, expect, it } from "vitest";
import de from "@hyn/i18n/catalogs/asking/de.json";
import en from "@hyn/i18n/catalogs/asking/en.json";
import es from "@hyn/i18n/catalogs/asking/es.json";
import {
  fieldPlaceholder,
  formatFieldValue,
  nativeFieldWritesAsPage,
  parseFieldText,
  type NumericDateFormat,
} from "./date-field";

const formatOf = (catalog: typeof en): NumericDateFormat => ({
  date: catalog.dateFieldDate,
  dateTime: catalog.dateFieldDateTime,
  letters: catalog.dateFieldLetters,
});
const german = formatOf(de);
const spanish = formatOf(es);
const english = formatOf(en);

describe("which field a date gets", () => {
  it("keeps the browser's own field when it writes dates as the page does, whatever the region", () => {
    expect(nativeFieldWritesAsPage("en-GB", "en")).toBe(true);
    expect(nativeFieldWritesAsPage("en-IE", "en")).toBe(true);
    expect(nativeFieldWritesAsPage("de-AT", "de")).toBe(true);
    expect(nativeFieldWritesAsPage("es_MX", "es")).toBe(true);
    // The pseudo-locale is English made longer: a British browser's field suits it.
    expect(nativeFieldWritesAsPage("en-GB", "en-XA")).toBe(true);
  });

  it("draws the page's own field when the browser speaks another language", () => {
    expect(nativeFieldWritesAsPage("en-US", "de")).toBe(false);
    expect(nativeFieldWritesAsPage("en-US", "es")).toBe(false);
    expect(nativeFieldWritesAsPage("de-DE", "en")).toBe(false);
  });

  it("draws the page's own field for English where the browser's English is month first or on a 12-hour clock (issue 43)", () => {
    // Chromium's en-US field reads "11/29/2026, 06:00 PM"; the app's English is "29/11/2026, 18:00".
    expect(nativeFieldWritesAsPage("en-US", "en")).toBe(false);
    expect(nativeFieldWritesAsPage("en", "en")).toBe(false);
    expect(nativeFieldWritesAsPage("en-AU", "en")).toBe(false);
    expect(nativeFieldWritesAsPage("en-US", "en-XA")).toBe(false);
  });
});

describe("the page-language field's format", () => {
  it("shows each language's own letters as the empty field's placeholder", () => {
    expect(fieldPlaceholder(german, "dateTime")).toBe("TT.MM.JJJJ, hh:mm");
    expect(fieldPlaceholder(spanish, "dateTime")).toBe("dd/mm/aaaa, hh:mm");
    expect(fieldPlaceholder(english, "dateTime")).toBe("dd/mm/yyyy, hh:mm");
    expect(fieldPlaceholder(german, "date")).toBe("TT.MM.JJJJ");
    expect(fieldPlaceholder(spanish, "date")).toBe("dd/mm/aaaa");
  });

  it("shows a value day first, with two-digit parts and a 24-hour clock", () => {
    expect(formatFieldValue("2027-03-05T18:00", german, "dateTime")).toBe("05.03.2027, 18:00");
    expect(formatFieldValue("2027-03-05T09:30", spanish, "dateTime")).toBe("05/03/2027, 09:30");
    expect(formatFieldValue("2027-03-05T18:00", english, "dateTime")).toBe("05/03/2027, 18:00");
    expect(formatFieldValue("2027-12-31", german, "date")).toBe("31.12.2027");
  });

  it("leaves what is not a value of its kind as it is (an unfinished entry stays what was typed)", () => {
    expect(formatFieldValue("", german, "dateTime")).toBe("");
    expect(formatFieldValue("5.3.", german, "dateTime")).toBe("5.3.");
    expect(formatFieldValue("2027-03-05", german, "dateTime")).toBe("2027-03-05");
  });
});

describe("reading what was typed", () => {
  it("reads each language's own format back into the form's value", () => {
    expect(parseFieldText("05.03.2027, 18:00", german, "dateTime")).toBe("2027-03-05T18:00");
    expect(parseFieldText("05/03/2027, 18:00", spanish, "dateTime")).toBe("2027-03-05T18:00");
    expect(parseFieldText("31.12.2027", german, "date")).toBe("2027-12-31");
    expect(parseFieldText("31/12/2027", spanish, "date")).toBe("2027-12-31");
  });

  it("is lenient: single digits, two-digit years, other separators, words around the time", () => {
    expect(parseFieldText("5.3.27 18 Uhr", german, "dateTime")).toBe("2027-03-05T18:00");
    expect(parseFieldText("5.3.2027 um 18.30", german, "dateTime")).toBe("2027-03-05T18:30");
    expect(parseFieldText("am 5.3.2027, 12:00", german, "dateTime")).toBe("2027-03-05T12:00");
    expect(parseFieldText("5-3-2027 1830", spanish, "dateTime")).toBe("2027-03-05T18:30");
    expect(parseFieldText(" 5/3/2027 6:30 pm ", english, "dateTime")).toBe("2027-03-05T18:30");
    expect(parseFieldText("5/3/2027 12:15 a.m.", english, "dateTime")).toBe("2027-03-05T00:15");
  });

  it("also reads the native field's value, year first", () => {
    expect(parseFieldText("2027-03-05T18:00", german, "dateTime")).toBe("2027-03-05T18:00");
    expect(parseFieldText("2027-03-05", spanish, "date")).toBe("2027-03-05");
  });

  it("refuses what is no real date and time", () => {
    expect(parseFieldText("", german, "dateTime")).toBeNull();
    expect(parseFieldText("morgen", german, "dateTime")).toBeNull();
    expect(parseFieldText("31.02.2027, 18:00", german, "dateTime")).toBeNull();
    expect(parseFieldText("05.13.2027, 18:00", german, "dateTime")).toBeNull();
    expect(parseFieldText("05.03.2027, 24:00", german, "dateTime")).toBeNull();
    expect(parseFieldText("05.03.2027, 18:60", german, "dateTime")).toBeNull();
    expect(parseFieldText("05.03.202, 18:00", german, "dateTime")).toBeNull();
    // A date and time wants its hour; a date alone wants no time.
    expect(parseFieldText("05.03.2027", german, "dateTime")).toBeNull();
    expect(parseFieldText("05.03.2027 18:00", german, "date")).toBeNull();
  });
});
