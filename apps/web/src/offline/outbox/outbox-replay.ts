import {
  inQueueOrder,
  type OutboxEntry,
  type OutboxFile,
  type OutboxRecord,
  recordKey,
  replacePlaceholders,
  type SentItem,
} from './outbox-entry';
import { type OutboxStore, SENT_HISTORY } from './outbox-store';

/** An answer of the API: its status and parsed body. */
export interface TransportAnswer {
  status: number;
  body: unknown;
}

/** How the replay reaches the API (outbox-transport.ts; a fake in the unit tests). Throws NetworkFailure when no answer came. */
export interface OutboxTransport {
  request(call: { method: string; path: string; body: unknown; idempotencyKey: string; ifMatch: string | null }): Promise<TransportAnswer>;
  upload(file: OutboxFile): Promise<TransportAnswer>;
}

/** No answer came (offline, the connection dropped, the server unreachable). */
export class NetworkFailure extends Error {}

/**
 * The idempotency layer's answer to a repeat of a request still being applied
 * (docs/decisions/0021-offline-pwa.md): the first one is running, so this is tried again later.
 */
const STILL_APPLYING = /already being applied/i;

type Verdict = 'ok' | 'transient' | 'signIn' | 'refused';

/** What an answer means for the queue. */
export function verdictOf(answer: TransportAnswer): Verdict {
  const { status } = answer;
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401) return 'signIn';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  if (status === 409 && STILL_APPLYING.test(messageOf(answer))) return 'transient';
  return 'refused';
}

/** The error body's message (the API's catalogue text), or ''. */
export function messageOf(answer: TransportAnswer): string {
  const body = answer.body as { message?: unknown } | null;
  return body && typeof body.message === 'string' ? body.message : '';
}

/** The `data` of an answer's body. */
function dataOf(answer: TransportAnswer): Record<string, unknown> | null {
  const data = (answer.body as { data?: unknown } | null)?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

/** Why a run stopped before the end of the queue (null: it went through every entry it could send). */
export type StopReason = null | 'network' | 'server' | 'signIn';

export interface RunOutcome {
  sent: OutboxEntry[];
  /** Entries the server refused in this run (now in conflict or failed). */
  refused: OutboxEntry[];
  stoppedBy: StopReason;
}

/** The answer of the last entry sent on each record, so a caller may show the record as it now is. */
export type RecordAnswers = Map<string, { record: OutboxRecord; data: Record<string, unknown> }>;

/**
 * Sends the queue once, in the order it was queued, one entry at a time: each photo first (with its
 * own Idempotency-Key), then the action with the uploaded ids in the place of its placeholders and
 * the record's version as If-Match. A 2xx removes the entry (kept in the short sent list) and hands
 * the record's new `updatedAt` to the later entries on the same record; a refusal (409, 412, 422,
 * other 4xx) puts it in conflict and holds the later entries on that record; no answer, a 5xx or a
 * 429 stops the run (the caller retries later with backoff); a 401 stops it until the user signs in
 * again. Nothing is ever dropped here.
 */
export async function replayQueue(
  store: OutboxStore,
  transport: OutboxTransport,
  now: () => Date = () => new Date(),
  answers: RecordAnswers = new Map(),
): Promise<RunOutcome> {
  const entries = inQueueOrder(await store.list());
  const held = new Set(
    entries
      .filter((entry) => entry.record && (entry.state === 'conflict' || entry.state === 'failed'))
      .map((entry) => recordKey(entry.record!)),
  );
  const outcome: RunOutcome = { sent: [], refused: [], stoppedBy: null };

  for (const { id } of entries) {
    // Read again: an earlier entry of this run may have handed it a new version, or it was discarded meanwhile.
    const queued = (await store.list()).find((candidate) => candidate.id === id);
    if (!queued || (queued.state !== 'waiting' && queued.state !== 'sending')) continue;
    if (queued.record && held.has(recordKey(queued.record))) continue;
    const entry: OutboxEntry = { ...queued, state: 'sending', attempts: queued.attempts + 1 };
    await store.put(entry);

    const result = await sendEntry(store, transport, entry);
    if (result.verdict === 'ok') {
      await store.remove(entry.id);
      const done = { ...entry, state: 'done' as const, files: [] };
      outcome.sent.push(done);
      await remember(store, done, now());
      const data = result.answer ? dataOf(result.answer) : null;
      if (entry.record && data) {
        answers.set(recordKey(entry.record), { record: entry.record, data });
        if (typeof data.updatedAt === 'string') await chainVersion(store, entry, data.updatedAt);
      }
      continue;
    }
    if (result.verdict === 'refused') {
      const refused: OutboxEntry = {
        ...entry,
        state: result.upload ? 'failed' : 'conflict',
        failure: { status: result.answer?.status ?? 0, message: result.answer ? messageOf(result.answer) : '', at: now().toISOString() },
      };
      await store.put(refused);
      outcome.refused.push(refused);
      if (entry.record) held.add(recordKey(entry.record));
      continue;
    }
    // Back to waiting: the next run sends it again with the same keys, so nothing is applied twice.
    const failure =
      result.answer && result.verdict !== 'signIn'
        ? { status: result.answer.status, message: messageOf(result.answer), at: now().toISOString() }
        : entry.failure;
    await store.put({ ...entry, state: 'waiting', failure });
    outcome.stoppedBy = result.verdict === 'signIn' ? 'signIn' : result.answer ? 'server' : 'network';
    return outcome;
  }

  const meta = await store.meta();
  await store.setMeta({ ...meta, lastSyncedAt: now().toISOString() });
  return outcome;
}

interface SendResult {
  verdict: Verdict;
  /** null: no answer came. */
  answer: TransportAnswer | null;
  /** The refusal was of a photo, not of the action. */
  upload?: boolean;
}

/** Uploads the entry's photos not yet uploaded, then sends the action. */
async function sendEntry(store: OutboxStore, transport: OutboxTransport, entry: OutboxEntry): Promise<SendResult> {
  for (const [index, file] of entry.files.entries()) {
    if (file.uploadedId) continue;
    let answer: TransportAnswer;
    try {
      answer = await transport.upload(file);
    } catch (error) {
      if (error instanceof NetworkFailure) return { verdict: 'transient', answer: null };
      throw error;
    }
    const verdict = verdictOf(answer);
    if (verdict !== 'ok') return { verdict, answer, upload: verdict === 'refused' };
    const id = dataOf(answer)?._id;
    if (typeof id !== 'string') return { verdict: 'refused', answer: { status: answer.status, body: {} }, upload: true };
    entry.files[index] = { ...file, uploadedId: id };
    await store.put(entry);
  }
  const ids = new Map(entry.files.map((file) => [file.placeholder, file.uploadedId!]));
  try {
    const answer = await transport.request({
      method: entry.method,
      path: entry.path,
      body: replacePlaceholders(entry.body, ids),
      idempotencyKey: entry.idempotencyKey,
      ifMatch: entry.ifMatch,
    });
    return { verdict: verdictOf(answer), answer };
  } catch (error) {
    if (error instanceof NetworkFailure) return { verdict: 'transient', answer: null };
    throw error;
  }
}

/** The later entries on the same record start from the version this one produced. */
async function chainVersion(store: OutboxStore, sent: OutboxEntry, updatedAt: string) {
  const key = recordKey(sent.record!);
  for (const entry of await store.list()) {
    if (entry.record && recordKey(entry.record) === key && entry.state === 'waiting' && entry.ifMatch !== null) {
      await store.put({ ...entry, ifMatch: updatedAt });
    }
  }
}

/** Keeps a sent entry in the short history and marks the time. */
async function remember(store: OutboxStore, entry: OutboxEntry, at: Date) {
  const meta = await store.meta();
  const item: SentItem = { id: entry.id, kind: entry.kind, description: entry.description, record: entry.record, sentAt: at.toISOString() };
  await store.setMeta({ lastSyncedAt: at.toISOString(), sent: [item, ...meta.sent].slice(0, SENT_HISTORY) });
}
