import { describe, expect, it } from "vitest";
import { planFieldSave, profileDiffers } from "./profileChanges";

const saved = { name: "Ann Lee", phone: null, generalArea: "Elm Street" };

describe("saving a profile field as it is left", () => {
  it("sends nothing when only whitespace or markup changed", () => {
    expect(profileDiffers({ name: "  Ann Lee ", phone: "  ", generalArea: "<b>Elm Street</b>" }, saved)).toBe(false);
    expect(planFieldSave(saved, "name", "  Ann Lee ")).toEqual({ error: null, profile: null });
    expect(planFieldSave(saved, "generalArea", "<b>Elm Street</b>")).toEqual({ error: null, profile: null });
  });

  it("sends the cleaned profile with that field's new value over what is saved", () => {
    expect(planFieldSave(saved, "phone", " +1 (555) 123-4567 ")).toEqual({
      error: null,
      profile: { name: "Ann Lee", phone: "+1 (555) 123-4567", generalArea: "Elm Street" },
    });
    expect(planFieldSave(saved, "generalArea", "")).toEqual({
      error: null,
      profile: { name: "Ann Lee", phone: null, generalArea: null },
    });
  });

  it("refuses an empty name and a malformed phone with the spec's texts", () => {
    expect(planFieldSave(saved, "name", "<i></i> ")).toEqual({ error: "nameRequired", profile: null });
    expect(planFieldSave(saved, "phone", "call me")).toEqual({ error: "enterValidPhone", profile: null });
    expect(planFieldSave(saved, "phone", "12345").error).toBe("enterValidPhone");
  });
});
