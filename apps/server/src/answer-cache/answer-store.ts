/** A serialized answer as it was sent, and what it was built from. */
export interface StoredAnswer {
  /** The body as UTF-8, split where a fresh `serverTime` goes in on every hit (tail is null when it has none). */
  head: Buffer;
  tail: Buffer | null;
  /** The headers the answer was sent with that say what it is (content-type, vary). */
  headers: Record<string, string>;
  /** pg_current_snapshot() taken before the answer was built. */
  snapshot: string;
  builtAt: number;
  /** The first moment the answer's time-dependent parts (an open request turning expired) go stale. */
  validUntil: number;
}

/**
 * Answers by key, least recently used first out, bounded by the bytes of their bodies (and of their
 * keys and snapshots, as V8 holds those strings: two bytes a character). Insertion order of a Map is the recency order: a hit
 * moves its entry to the end.
 */
export class AnswerStore {
  private readonly entries = new Map<string, StoredAnswer & { bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): StoredAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, answer: StoredAnswer): void {
    this.delete(key);
    const bytes = answer.head.length + (answer.tail?.length ?? 0) + 2 * (key.length + answer.snapshot.length);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { ...answer, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }
}
