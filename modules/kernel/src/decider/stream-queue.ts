/**
 * Writers to one stream, one after another, within this process. A hot stream (the last seats of a
 * departure) otherwise turns concurrent commands into a storm of expected-revision retries: each reads,
 * decides and loses the append to whoever was first, and tries again. Queued, each command reads the state
 * its predecessor left and appends at once. Other processes still meet on the expected revision, so the
 * queue is for throughput only: correctness stays with the store.
 */
export class StreamQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // The last writer out removes the key, so the map holds only streams with work waiting.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Streams with a command running or waiting (for tests and metrics). */
  get size(): number {
    return this.tails.size;
  }
}
