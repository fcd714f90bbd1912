/** The command line of `pnpm seed:scale`: a preset, explicit sizes that override it, and --reset. */
export interface SeedSize {
  users: number;
  groups: number;
  requests: number;
  /** Adds one person with 5,000 past requests in a group with 20,000 (seed-sql.ts, longHistorySteps). */
  longHistory: boolean;
  reset: boolean;
}

export const PRESETS: Record<string, Omit<SeedSize, "reset">> = {
  "10k": { users: 1_000, groups: 200, requests: 10_000, longHistory: false },
  "100k": { users: 10_000, groups: 2_000, requests: 100_000, longHistory: false },
  "1m": { users: 100_000, groups: 20_000, requests: 1_000_000, longHistory: false },
  // Years of use (issue 13): the 10k city and beside it one long-lived group and its most active member.
  "long-history": { users: 1_000, groups: 200, requests: 10_000, longHistory: true },
};

export function parseSeedArgs(argv: string[]): SeedSize {
  const size: SeedSize = { ...PRESETS["10k"]!, reset: false };
  const args = argv.filter((a) => a !== "--");
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    if (flag === "--reset") {
      size.reset = true;
      continue;
    }
    if (flag === "--long-history") {
      size.longHistory = true;
      continue;
    }
    const value = args[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--preset") {
      const preset = PRESETS[value.toLowerCase()];
      if (!preset) throw new Error(`--preset must be one of ${Object.keys(PRESETS).join(", ")}`);
      Object.assign(size, preset);
    } else if (flag === "--users" || flag === "--groups" || flag === "--requests") {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} must be a whole number`);
      size[flag.slice(2) as "users" | "groups" | "requests"] = n;
    } else {
      throw new Error(`unknown flag ${flag} (use --preset, --users, --groups, --requests, --long-history, --reset)`);
    }
  }
  // A group has up to 20 distinct members, and every group needs an owner.
  if (size.users < 20) throw new Error("--users must be at least 20");
  if (size.groups < 1) throw new Error("--groups must be at least 1");
  return size;
}
