import { describe, expect, it } from "vitest";
import { diffRules } from "./rules-diff";

describe("what changed in a group's rules (issue 43)", () => {
  it("marks a changed line as the old one gone and the new one added, in place", () => {
    expect(
      diffRules("Be kind.\nNo selling.\nReturn boxes.", "Be kind.\nNo selling or swapping.\nReturn boxes."),
    ).toEqual([
      { kind: "same", text: "Be kind." },
      { kind: "removed", text: "No selling." },
      { kind: "added", text: "No selling or swapping." },
      { kind: "same", text: "Return boxes." },
    ]);
  });

  it("marks lines added at the end and lines taken out", () => {
    expect(diffRules("A\nB\nC", "A\nC\nD")).toEqual([
      { kind: "same", text: "A" },
      { kind: "removed", text: "B" },
      { kind: "same", text: "C" },
      { kind: "added", text: "D" },
    ]);
  });

  it("marks nothing when only blank lines changed", () => {
    expect(diffRules("A\nB", "A\n\nB\n")).toEqual([
      { kind: "same", text: "A" },
      { kind: "same", text: "B" },
    ]);
  });
});
