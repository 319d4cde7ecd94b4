import type { OutboxEntry, SentItem } from './outbox-entry';

/** What the queue keeps besides its entries. */
export interface OutboxMeta {
  lastSyncedAt: string | null;
  sent: SentItem[];
}

/** Where the queue lives: IndexedDB on the device (outbox-db.ts), or memory in the unit tests. */
export interface OutboxStore {
  list(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
  meta(): Promise<OutboxMeta>;
  setMeta(meta: OutboxMeta): Promise<void>;
}

export const EMPTY_META: OutboxMeta = { lastSyncedAt: null, sent: [] };

/** How many sent actions the panel lists. */
export const SENT_HISTORY = 20;

/** A store in memory (unit tests; a browser without IndexedDB keeps the queue only while the tab is open). */
export function memoryStore(): OutboxStore {
  const entries = new Map<string, OutboxEntry>();
  let meta: OutboxMeta = EMPTY_META;
  return {
    list: async () => [...entries.values()].map((entry) => structuredClone(entry)),
    put: async (entry) => {
      entries.set(entry.id, structuredClone(entry));
    },
    remove: async (id) => {
      entries.delete(id);
    },
    meta: async () => structuredClone(meta),
    setMeta: async (next) => {
      meta = structuredClone(next);
    },
  };
}
