import { useSyncExternalStore } from 'react';
import { isOnline, onNetworkChange } from '../network';
import { hasIndexedDb, indexedDbStore } from './outbox-db';
import {
  inQueueOrder,
  isOpenEntry,
  type OutboxEntry,
  type OutboxFile,
  type OutboxMethod,
  type OutboxRecord,
  randomId,
  recordKey,
  type SentItem,
} from './outbox-entry';
import { type OutboxTransport, type RecordAnswers, replayQueue, type StopReason } from './outbox-replay';
import { memoryStore, type OutboxStore } from './outbox-store';
import { fetchTransport } from './outbox-transport';

/** What the indicator, the panel and the record pages show. */
export interface OutboxSnapshot {
  userId: string | null;
  /** The entries not yet sent (waiting, sending, conflict, failed), in queue order. */
  entries: OutboxEntry[];
  lastSyncedAt: string | null;
  sent: SentItem[];
  syncing: boolean;
  /** The server answered 401: the queue waits for the user to sign in again. */
  needsSignIn: boolean;
  /** When the next try after a failure is due (ms since the epoch). */
  nextRetryAt: number | null;
}

/** An action to queue. */
export interface NewOutboxEntry {
  kind: string;
  description: Record<string, string>;
  method: OutboxMethod;
  path: string;
  body: unknown;
  files: Omit<OutboxFile, 'idempotencyKey'>[];
  record: OutboxRecord | null;
  /** The record's updatedAt as it was read (If-Match); null for a new record. */
  ifMatch: string | null;
}

const EMPTY: OutboxSnapshot = {
  userId: null,
  entries: [],
  lastSyncedAt: null,
  sent: [],
  syncing: false,
  needsSignIn: false,
  nextRetryAt: null,
};

/** Backoff after a failed run: 5 s, 10 s, 20 s ... at most 5 minutes. */
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;

type SentListener = (sent: OutboxEntry[], answers: RecordAnswers) => void;

/** The queue of one signed-in user: kept in its store, sent when the device is online. */
export class Outbox {
  private snapshot: OutboxSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<SentListener>();
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private seq = 0;
  private readonly channel: BroadcastChannel | null;
  private readonly stopListening: () => void;

  constructor(
    readonly userId: string,
    private readonly store: OutboxStore,
    private readonly transport: OutboxTransport,
  ) {
    this.snapshot = { ...EMPTY, userId };
    // Another tab of the same user sends the same queue: each tells the others to read it again.
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`amp-outbox-${userId}`);
    if (this.channel) this.channel.onmessage = () => void this.reload();
    // Back online (the browser's event, or an answer after a failure): send what waits.
    this.stopListening = onNetworkChange(() => {
      if (isOnline()) this.sendNow();
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /** Called after a run that sent something, with each record's latest answer (to refresh what is on screen). */
  onSent(listener: SentListener): () => void {
    this.sentListeners.add(listener);
    return () => {
      this.sentListeners.delete(listener);
    };
  }

  private set(change: Partial<OutboxSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  async reload() {
    const [entries, meta] = await Promise.all([this.store.list(), this.store.meta()]);
    this.set({ entries: inQueueOrder(entries.filter(isOpenEntry)), lastSyncedAt: meta.lastSyncedAt, sent: meta.sent });
  }

  private async changed() {
    await this.reload();
    this.channel?.postMessage('changed');
  }

  /** Puts an action in the queue (on disk before this resolves), then tries to send it. */
  async enqueue(input: NewOutboxEntry): Promise<OutboxEntry> {
    const entry: OutboxEntry = {
      ...input,
      id: randomId(),
      createdAt: new Date().toISOString(),
      seq: this.seq++,
      userId: this.userId,
      files: input.files.map((file) => ({ ...file, idempotencyKey: randomId() })),
      idempotencyKey: randomId(),
      state: 'waiting',
      attempts: 0,
    };
    await this.store.put(entry);
    await this.changed();
    this.sendNow();
    return entry;
  }

  /** Whether a record has actions not yet sent (a new action on it must wait behind them). */
  hasOpenEntries(record: OutboxRecord): boolean {
    const key = recordKey(record);
    return this.snapshot.entries.some((entry) => entry.record && recordKey(entry.record) === key);
  }

  /** Sends what is waiting now (the "Send now" button, back online, a new entry), forgetting the backoff. */
  sendNow() {
    this.failures = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.set({ needsSignIn: false, nextRetryAt: null });
    void this.run();
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.resolve();
    this.running = this.exclusive(() => this.runOnce()).finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.run();
      }
    });
    return this.running;
  }

  /** One tab at a time sends a user's queue (Web Locks); the others see the result through the channel. */
  private async exclusive(work: () => Promise<void>) {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      await navigator.locks.request(`amp-outbox-${this.userId}`, { ifAvailable: true }, async (lock) => {
        if (lock) await work();
      });
      return;
    }
    await work();
  }

  private async runOnce() {
    this.set({ syncing: true });
    let stoppedBy: StopReason = null;
    try {
      const answers: RecordAnswers = new Map();
      const outcome = await replayQueue(this.store, this.transport, undefined, answers);
      stoppedBy = outcome.stoppedBy;
      if (outcome.sent.length > 0 || outcome.refused.length > 0) {
        for (const listener of this.sentListeners) listener(outcome.sent, answers);
      }
    } catch (error) {
      console.warn('[amp] the outbox could not be sent', error);
      stoppedBy = 'server';
    } finally {
      await this.changed();
      this.set({ syncing: false });
    }
    if (stoppedBy === 'signIn') return this.set({ needsSignIn: true });
    if (stoppedBy === null) {
      this.failures = 0;
      return;
    }
    const delay = Math.min(FIRST_RETRY_MS * 2 ** this.failures, LAST_RETRY_MS);
    this.failures++;
    this.set({ nextRetryAt: Date.now() + delay });
    this.timer = setTimeout(() => {
      this.timer = null;
      this.set({ nextRetryAt: null });
      void this.run();
    }, delay);
  }

  private async patch(id: string, change: (entry: OutboxEntry) => OutboxEntry | null) {
    const entry = (await this.store.list()).find((candidate) => candidate.id === id);
    if (!entry) return;
    const next = change(entry);
    if (next) await this.store.put(next);
    else await this.store.remove(id);
    await this.changed();
  }

  /** Throws the entry away (the panel asks first). Later entries on its record are sent again. */
  async discard(id: string) {
    await this.patch(id, () => null);
    this.sendNow();
  }

  /** Sends a refused entry again without If-Match: applied unless the workflow itself refuses it. */
  async sendAnyway(id: string) {
    await this.patch(id, (entry) => ({ ...entry, ifMatch: null, state: 'waiting', failure: undefined }));
    this.sendNow();
  }

  /** Sends a refused entry again with a changed body (the conflict view's edit), based on the record's current version. */
  async resend(id: string, body: unknown, ifMatch: string | null) {
    await this.patch(id, (entry) => ({ ...entry, body, ifMatch, state: 'waiting', failure: undefined }));
    this.sendNow();
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.stopListening();
    this.channel?.close();
    this.listeners.clear();
    this.sentListeners.clear();
  }
}

let active: Outbox | null = null;
const activeListeners = new Set<() => void>();

function emitActive() {
  for (const listener of activeListeners) listener();
}

/** Opens the signed-in user's queue (their own database) and sends what waits in it; the previous user's stops. */
export function startOutbox(userId: string, transport: OutboxTransport = fetchTransport): Outbox {
  if (active?.userId === userId) return active;
  active?.stop();
  const outbox = new Outbox(userId, hasIndexedDb() ? indexedDbStore(userId) : memoryStore(), transport);
  active = outbox;
  outbox.subscribe(() => {
    if (active === outbox) emitActive();
  });
  emitActive();
  void outbox.reload().then(() => outbox.sendNow());
  return outbox;
}

/** The signed-in user's queue, or null before the shell opened it. */
export function activeOutbox(): Outbox | null {
  return active;
}

function subscribe(listener: () => void) {
  activeListeners.add(listener);
  return () => {
    activeListeners.delete(listener);
  };
}

/** The queue as it is now; re-renders when it changes. */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => active?.getSnapshot() ?? EMPTY,
    () => EMPTY,
  );
}

/** The actions on one record not yet sent, in queue order (for its page's notice and its optimistic state). */
export function usePendingEntries(type: OutboxRecord['type'], id: string): OutboxEntry[] {
  const { entries } = useOutbox();
  return entries.filter((entry) => entry.record?.type === type && entry.record.id === id);
}
