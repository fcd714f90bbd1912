/**
 * The pseudo-locale's text (see PSEUDO_LOCALE): letters accented so untranslated text stands out, and
 * 40 % more characters, since German and Spanish run longer than English. Applied to the literal text
 * of a message only; placeholders and plural forms stay as they are.
 */
const ACCENTED: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ö",
  u: "ü",
  c: "ç",
  n: "ñ",
  y: "ý",
  A: "Á",
  E: "É",
  I: "Í",
  O: "Ö",
  U: "Ü",
  C: "Ç",
  N: "Ñ",
  Y: "Ý",
};
export const PSEUDO_GROWTH = 0.4;

export function pseudoText(text: string): string {
  const letters = text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
  const words = text.trim();
  if (!words) return letters;
  // Longer words rather than extra ones at the end only, so a wrapped line grows as a translated one would.
  return letters.replace(/[^\s#]+/g, (word) => word + "~".repeat(Math.ceil(word.length * PSEUDO_GROWTH)));
}
