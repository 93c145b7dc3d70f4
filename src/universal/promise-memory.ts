// A short memory of asynchronous reads, per key: the answer is kept for `ttlMs` from the moment the read
// began, calls that miss at the same moment share one read (so an expiry under load costs one query, not
// one per waiting call), a failed read is not kept, and a write that makes a key stale forgets it.
type Entry<T> = { at: number; value: Promise<T> };

export class PromiseMemory<T> {
  readonly #entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
  ) {}

  /** The remembered answer (perhaps still being read), or undefined once it is older than the TTL. */
  peek(key: string, now = Date.now()): Promise<T> | undefined {
    const entry = this.#entries.get(key);
    return entry && now - entry.at < this.ttlMs ? entry.value : undefined;
  }

  /** Keeps a read that has begun; returns it. */
  remember(key: string, value: Promise<T>, now = Date.now()): Promise<T> {
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    const entry = { at: now, value };
    this.#entries.set(key, entry);
    value.catch(() => this.#entries.get(key) === entry && this.#entries.delete(key));
    return value;
  }

  /** The remembered answer, else `read()` remembered. */
  get(key: string, read: () => Promise<T>, now = Date.now()): Promise<T> {
    return this.peek(key, now) ?? this.remember(key, read(), now);
  }

  /** Drops a key: a read that is still running is not kept either. */
  forget(key: string): void {
    this.#entries.delete(key);
  }
}
