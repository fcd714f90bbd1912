/** A line of the rules as the member is asked to accept them again: unchanged, new (or changed), or gone. */
export interface RulesLine {
  kind: "same" | "added" | "removed";
  text: string;
}

/**
 * Issue 43: what changed in a group's rules since the member accepted them, line by line (a changed line is
 * the old one removed and the new one added), in reading order. Rules are at most 2,000 characters, so the
 * longest common subsequence of their lines is cheap to find.
 */
export function diffRules(before: string, after: string): RulesLine[] {
  const a = before.split(/\r?\n/);
  const b = after.split(/\r?\n/);
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const lines: RulesLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: "same", text: b[j]! });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // The old line first, then what took its place.
      lines.push({ kind: "removed", text: a[i]! });
      i++;
    } else {
      lines.push({ kind: "added", text: b[j]! });
      j++;
    }
  }
  // A blank line removed or added is no change a person can see.
  return lines.filter((line) => line.kind === "same" || line.text.trim() !== "");
}
