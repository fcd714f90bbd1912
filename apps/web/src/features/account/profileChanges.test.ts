import { describe, expect, it } from "vitest";
import { changedKeys, planSave, profileDiffers, type ProfileForm } from "./profileChanges";

const saved: ProfileForm = {
  name: "Ann Lee",
  phone: "",
  generalArea: "Elm Street",
  emailHidden: false,
  frequency: "daily",
};

describe("what the profile's Save sends", () => {
  it("offers Save for a value typed differently, not for one typed back", () => {
    expect(changedKeys({ name: "Ann Lee", frequency: "daily" }, saved)).toEqual([]);
    expect(changedKeys({ name: "Ann Lee ", frequency: "weekly" }, saved)).toEqual(["name", "frequency"]);
    expect(changedKeys({ emailHidden: true }, saved)).toEqual(["emailHidden"]);
  });

  it("sends nothing when only whitespace or markup changed: No changes to save", () => {
    expect(
      profileDiffers(
        { name: "  Ann Lee ", phone: "  ", generalArea: "<b>Elm Street</b>" },
        {
          name: "Ann Lee",
          phone: null,
          generalArea: "Elm Street",
        },
      ),
    ).toBe(false);
    expect(planSave({ ...saved, name: "  Ann Lee ", generalArea: "<b>Elm Street</b>" }, saved)).toEqual({
      errors: {},
      profile: null,
      frequency: null,
    });
  });

  it("sends the cleaned details with whether the e-mail is hidden, and the frequency only when it differs", () => {
    expect(planSave({ ...saved, phone: " +1 (555) 123-4567 ", generalArea: "" }, saved)).toEqual({
      errors: {},
      profile: { name: "Ann Lee", phone: "+1 (555) 123-4567", generalArea: null, emailHidden: false },
      frequency: null,
    });
    expect(planSave({ ...saved, frequency: "immediate" }, saved)).toEqual({
      errors: {},
      profile: null,
      frequency: "immediate",
    });
    expect(planSave({ ...saved, emailHidden: true, frequency: "disabled" }, saved)).toEqual({
      errors: {},
      profile: { name: "Ann Lee", phone: null, generalArea: "Elm Street", emailHidden: true },
      frequency: "disabled",
    });
  });

  it("refuses an empty name and a malformed phone with the spec's texts, sending neither part", () => {
    expect(planSave({ ...saved, name: "<i></i> ", frequency: "weekly" }, saved)).toEqual({
      errors: { name: "nameRequired" },
      profile: null,
      frequency: null,
    });
    expect(planSave({ ...saved, phone: "call me" }, saved).errors).toEqual({ phone: "enterValidPhone" });
    expect(planSave({ ...saved, phone: "12345" }, saved).errors).toEqual({ phone: "enterValidPhone" });
  });

  it("checks the details only when they are sent: an account without a name yet saves a new frequency", () => {
    const nameless: ProfileForm = { ...saved, name: "" };
    expect(planSave({ ...nameless, frequency: "weekly" }, nameless)).toEqual({
      errors: {},
      profile: null,
      frequency: "weekly",
    });
    expect(planSave({ ...nameless, emailHidden: true }, nameless).errors).toEqual({ name: "nameRequired" });
  });
});
