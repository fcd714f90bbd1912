/**
 * Issue 24: one e-mail rule for the server's schemas and the web's forms (`isEmail` in rules.ts, which
 * the web imports): every address real mail systems accept, and nothing that could bend a header or a
 * page where the address is shown.
 */
import { describe, expect, it } from "vitest";
import { feedbackInput } from "./feedback";
import { createInviteInput } from "./invitations";
import { messages } from "./messages";
import { signUpInput } from "./accounts";
import { isEmail } from "./rules";

const VALID = [
  "ann@example.com",
  "ann.lee@example.com",
  "ann+groceries@example.com",
  "ann+tag+more@example.co.uk",
  "a@b.co",
  "first.middle.last@mail.sub.example.org",
  "ann@example.museum",
  "ann@example.photography",
  "o'brien@example.ie",
  "ann_lee-99@example-domain.com",
  "!#$%&'*+-/=?^_`{|}~@example.com",
  "1234567890@example.com",
  "user@bücher.de",
  "user@xn--bcher-kva.de",
  "用户@例子.广告",
  "χρήστης@παράδειγμα.ελ",
  "josé.garcía@correo.es",
  "ann..lee@docomo.ne.jp",
  "ANN@EXAMPLE.COM",
  // RFC 5321's longest local part: 64 octets.
  `${"a".repeat(64)}@example.com`,
];

const INVALID: Array<[string, string]> = [
  ["control characters and an escape sequence", "a\u0001\u001b[31m@example.com"],
  ["markup that breaks out of an attribute", 'x"><img src=x onerror=alert(1)>@evil.co'],
  ["a tag", "<b>ann</b>@example.com"],
  ["a space", "ann lee@example.com"],
  ["a space in the domain", "ann@exam ple.com"],
  ["a no-break space", "ann\u00a0lee@example.com"],
  ["a line break", "ann\n@example.com"],
  ["a header injected after a line break", "ann@example.com\r\nBcc: victim@example.com"],
  ["a tab", "ann\t@example.com"],
  ["DEL", "ann\u007f@example.com"],
  ["a C1 control", "ann\u0085@example.com"],
  ["a right-to-left override", "ann\u202e@example.com"],
  ["a zero-width space", "ann\u200b@example.com"],
  ["angle brackets (a display name)", "Ann <ann@example.com>"],
  ["a comma (two addresses)", "ann@example.com,bob@example.com"],
  ["a semicolon", "ann@example.com;bob@example.com"],
  ["a colon", "ann:lee@example.com"],
  ["parentheses (a comment)", "ann(comment)@example.com"],
  ["square brackets", "ann[1]@example.com"],
  ["a domain literal", "ann@[192.168.0.1]"],
  ["a backslash", "ann\\lee@example.com"],
  ["a stray quote", 'ann"lee@example.com'],
  ["a quoted part that is not the whole local part", '"ann"lee@example.com'],
  // What SMTP servers refuse (501), so an e-mail to it would never go (issue 38): a quoted local part, one over 64 octets.
  ["a quoted local part with a space", '"john doe"@example.com'],
  ["a quoted local part with an at-sign", '"john@home"@example.com'],
  ["a quoted local part with escaped quotes", '"a\\"quoted\\"name"@example.com'],
  ["a quoted local part with specials", '"<not markup>;(really)"@example.com'],
  ["a local part of 65 characters", `${"a".repeat(65)}@example.com`],
  ["a local part of 33 characters and 66 octets", `${"é".repeat(33)}@example.com`],
  ["a control character inside quotes", '"ann\u0007"@example.com'],
  ["an unescaped quote inside quotes", '"an"n"@example.com'],
  ["two at-signs", "ann@lee@example.com"],
  ["no at-sign", "ann.example.com"],
  ["nothing before the at-sign", "@example.com"],
  ["nothing after the at-sign", "ann@"],
  ["no dot in the domain", "ann@localhost"],
  ["an empty domain label", "ann@example..com"],
  ["a domain starting with a dot", "ann@.example.com"],
  ["a domain ending with a dot", "ann@example.com."],
  ["nothing but spaces", "   "],
  ["empty", ""],
];

describe("the e-mail rule the web and the server share (isEmail)", () => {
  it.each(VALID)("accepts %s", (address) => {
    expect(isEmail(address)).toBe(true);
  });
  it.each(INVALID)("refuses %s", (_what, address) => {
    expect(isEmail(address)).toBe(false);
  });
});

describe("the schemas' e-mail fields", () => {
  const signUp = (email: string) => signUpInput.safeParse({ email, password: "a-good-secret-1" });
  const invite = (email: string) =>
    createInviteInput.safeParse({ groupId: "0b5e4b9a-3c1d-4f2e-8a7b-9c0d1e2f3a4b", email });
  const feedback = (email: string) => feedbackInput.safeParse({ email, message: "Thanks" });

  it.each(VALID)("sign-up, invitations and feedback accept %s, lower-cased", (address) => {
    expect(signUp(address).data?.email).toBe(address.toLowerCase());
    expect(invite(address).data?.email).toBe(address.toLowerCase());
    expect(feedback(address).data?.email).toBe(address.toLowerCase());
  });

  it("take an address with spaces around it, trimmed", () => {
    expect(signUp("  ann@example.com \n").data?.email).toBe("ann@example.com");
  });

  it.each(INVALID.filter(([, address]) => address.trim() !== ""))(
    "sign-up and invitations refuse %s as the spec's invalid format; feedback as its form text",
    (_what, address) => {
      expect(signUp(address).error?.issues.map((issue) => issue.message)).toEqual([messages.invalidEmailFormat]);
      expect(invite(address).error?.issues.map((issue) => issue.message)).toEqual([messages.invalidEmailFormat]);
      expect(feedback(address).error?.issues.map((issue) => issue.message)).toEqual([messages.enterValidEmail]);
    },
  );
});
