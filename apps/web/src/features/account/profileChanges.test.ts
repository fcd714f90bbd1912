import { describe, expect, it } from "vitest";
import { planSave, profileDiffers, profileValuesOf } from "./profileChanges";

const saved = { name: "Ann Lee", phone: null, generalArea: "Elm Street" };

describe("saving profile settings", () => {
  it("sends nothing when only whitespace or markup changed", () => {
    const values = { name: "  Ann Lee ", phone: "  ", generalArea: "<b>Elm Street</b>" };
    expect(profileDiffers(values, saved)).toBe(false);
    expect(planSave(values, saved, "daily", "daily")).toEqual({ errors: {}, profile: null, frequency: null });
  });

  it("sends the cleaned profile when it changed, and the frequency only when it changed", () => {
    const values = { ...profileValuesOf(saved), phone: " +1 (555) 123-4567 " };
    expect(planSave(values, saved, "disabled", "disabled")).toEqual({
      errors: {},
      profile: { name: "Ann Lee", phone: "+1 (555) 123-4567", generalArea: "Elm Street" },
      frequency: null,
    });
    expect(planSave(profileValuesOf(saved), saved, "daily", "disabled")).toEqual({
      errors: {},
      profile: null,
      frequency: "daily",
    });
  });

  it("refuses an empty name and a malformed phone with the spec's texts", () => {
    const plan = planSave({ name: "<i></i> ", phone: "call me", generalArea: "" }, saved, undefined, undefined);
    expect(plan.errors).toEqual({ name: "nameRequired", phone: "enterValidPhone" });
    expect(planSave({ ...profileValuesOf(saved), phone: "12345" }, saved, undefined, undefined).errors.phone).toBe(
      "enterValidPhone",
    );
  });

  it("does not check an unchanged profile, so a nameless account can still change its e-mail preference", () => {
    const nameless = { name: "", phone: null, generalArea: null };
    expect(planSave(profileValuesOf(nameless), nameless, "immediate", "disabled")).toEqual({
      errors: {},
      profile: null,
      frequency: "immediate",
    });
  });
});
