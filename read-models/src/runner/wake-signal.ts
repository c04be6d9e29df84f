import type { EventFeed } from './projection';

/**
 * How long a runner whose projection does not handle the types just appended here may wait:
 * it only has its checkpoint to move past them, so it is woken later, once for all such appends
 * meanwhile. Read your writes does not wait for that (waitForProjection looks for events of the
 * projection's own types), and each such step is a transaction competing with the commands and
 * the steps that show them: at 150 ms, a dozen idle projections stepping several times a second
 * under a stream of commands were the tail of command-to-visible latency.
 */
const DEFERRED_WAKE_MS = 1000;

/**
 * How long after an append of its types a background projection (Projection.background) is woken: its step then
 * takes the appends of that moment together, and stays off the path of the command whose change someone waits to
 * see (an audit log's step beside every command's own was a third of command-to-visible).
 */
const BACKGROUND_WAKE_MS = 250;

interface Subscriber {
  wake(): void;
  /** null: wake on every append. */
  handles: ReadonlySet<string> | null;
  background: boolean;
  /** A background subscriber's wake-up already set. */
  timer: NodeJS.Timeout | null;
}

/**
 * The "new events may be readable" signal of one process, shared by its runners: one
 * subscription to the feed, one head query per wake-up however many runners ask for it, and
 * only the runners whose projections handle what was appended woken at once. Before, every
 * append woke every runner, and each then queried the head itself: a transaction and a round
 * trip per projection per append, competing for the database with the commands themselves.
 */
export class WakeSignal {
  private readonly subscribers = new Set<Subscriber>();
  private readonly deferred = new Set<Subscriber>();
  private deferredTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Bumped on every wake-up: a head read before it may miss the events that caused it. */
  private wakeups = 0;
  private head: { wakeups: number; value: Promise<string | null> } | null = null;

  constructor(private readonly feed: EventFeed) {}

  subscribe(wake: () => void, handles?: readonly string[], options: { background?: boolean } = {}): () => void {
    const subscriber: Subscriber = { wake, handles: handles ? new Set(handles) : null, background: options.background === true, timer: null };
    this.subscribers.add(subscriber);
    if (!this.unsubscribe) this.unsubscribe = this.feed.onAppended((types) => this.fire(types));
    return () => {
      this.subscribers.delete(subscriber);
      this.deferred.delete(subscriber);
      if (subscriber.timer) clearTimeout(subscriber.timer);
      if (this.subscribers.size > 0) return;
      if (this.deferredTimer) clearTimeout(this.deferredTimer);
      this.deferredTimer = null;
      this.unsubscribe?.();
      this.unsubscribe = null;
    };
  }

  /** The feed's head as of a read started after the latest wake-up (appends always wake). */
  headPosition(): Promise<string | null> {
    if (this.head?.wakeups === this.wakeups) return this.head.value;
    const entry = { wakeups: this.wakeups, value: this.feed.headPosition() };
    this.head = entry;
    // A failed read is not kept: the next caller tries again.
    entry.value.catch(() => {
      if (this.head === entry) this.head = null;
    });
    return entry.value;
  }

  private fire(types?: readonly string[]): void {
    this.wakeups++;
    for (const s of this.subscribers) {
      if (types && s.handles && !types.some((t) => s.handles!.has(t))) this.deferred.add(s);
      else if (s.background) this.wakeSoon(s);
      else s.wake();
    }
    if (this.deferred.size > 0 && !this.deferredTimer) {
      this.deferredTimer = setTimeout(() => this.wakeDeferred(), DEFERRED_WAKE_MS);
      this.deferredTimer.unref();
    }
  }

  private wakeSoon(s: Subscriber): void {
    if (s.timer) return;
    s.timer = setTimeout(() => {
      s.timer = null;
      s.wake();
    }, BACKGROUND_WAKE_MS);
    s.timer.unref();
  }

  private wakeDeferred(): void {
    this.deferredTimer = null;
    const due = [...this.deferred];
    this.deferred.clear();
    for (const s of due) s.wake();
  }
}
