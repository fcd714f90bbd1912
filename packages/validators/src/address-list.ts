/**
 * Issue 43: what people paste into the invite form comes from address books and mail headers as often as
 * typed by hand: `Hugo <hugo@walk.test>`, `"Walker, Hugo" <hugo@walk.test>`, `hugo@walk.test (Hugo)`, separated
 * by commas, semicolons or line breaks, and bare addresses separated by spaces too. The display names are
 * dropped; each address is lower-cased and kept once (the first time it appears). Whether each is an address
 * is checked one by one afterwards, and reported so: a word that is not an address is kept, to be refused by name.
 */
export function splitAddresses(text: string): string[] {
  const seen = new Set<string>();
  for (const entry of entries(text)) {
    for (const address of addressesOf(entry)) {
      const lower = address.toLowerCase();
      if (lower !== "") seen.add(lower);
    }
  }
  return [...seen];
}

/** The text cut on commas, semicolons and line breaks that stand outside quotes, angle brackets and parentheses. */
function entries(text: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  let angle = false;
  let comment = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === "\\" && i + 1 < text.length) {
        current += ch + text[++i];
        continue;
      }
      if (ch === '"') quoted = false;
      // A quote left open by a line break ends with it: a stray quote must not swallow the rest of the list.
      if (ch === "\n" || ch === "\r") {
        quoted = false;
        out.push(current);
        current = "";
        continue;
      }
      current += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === "<") angle = true;
    else if (ch === ">") angle = false;
    else if (ch === "(") comment++;
    else if (ch === ")" && comment > 0) comment--;
    else if (ch === "\n" || ch === "\r") {
      // Line breaks always separate, whatever was left open on the line.
      angle = false;
      comment = 0;
      out.push(current);
      current = "";
      continue;
    } else if ((ch === "," || ch === ";") && !angle && comment === 0) {
      out.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  out.push(current);
  return out;
}

/**
 * The addresses of one entry: the one in angle brackets when there is one (`Name <address>`), else its
 * words without quoted names and comments; a word without "@" beside one with it is a name, not an address.
 */
function addressesOf(entry: string): string[] {
  // Quoted names go first (they may hold brackets); a quote left open is only a stray character.
  const unquoted = entry.replace(/"(?:[^"\\]|\\.)*"/g, " ").replace(/"/g, " ");
  const bracketed = [...unquoted.matchAll(/<([^<>]*)>/g)].map((m) => clean(m[1]!)).filter((a) => a !== "");
  if (bracketed.length > 0) return bracketed;
  const words = unquoted
    .replace(/\([^()]*\)/g, " ")
    .split(/[\s<>,;]+/)
    .map(clean)
    .filter((w) => w !== "");
  const withAt = words.filter((w) => w.includes("@"));
  return withAt.length > 0 ? withAt : words;
}

/** An address as pasted from a link or a header: no "mailto:", no surrounding quotes or stray brackets. */
function clean(word: string): string {
  return word
    .trim()
    .replace(/^mailto:/i, "")
    .replace(/^['"`]+|['"`]+$/g, "")
    .replace(/^\[|\]$/g, "")
    .trim();
}
