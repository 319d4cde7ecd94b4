import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxRecord } from './outbox-entry';
import { NetworkFailure, type OutboxTransport, replayQueue, type TransportAnswer } from './outbox-replay';
import { memoryStore, type OutboxStore } from './outbox-store';

interface Call {
  kind: 'request' | 'upload';
  path: string;
  body?: unknown;
  idempotencyKey: string;
  ifMatch?: string | null;
}

/** A fake API: answers each call from `answer`, recording what it was sent. */
function fakeApi(answer: (call: Call) => TransportAnswer | 'offline') {
  const calls: Call[] = [];
  const respond = (call: Call) => {
    calls.push(call);
    const result = answer(call);
    if (result === 'offline') throw new NetworkFailure('offline');
    return Promise.resolve(result);
  };
  const transport: OutboxTransport = {
    request: ({ path, body, idempotencyKey, ifMatch }) => respond({ kind: 'request', path, body, idempotencyKey, ifMatch }),
    upload: (file) => respond({ kind: 'upload', path: '/v2/file/upload', idempotencyKey: file.idempotencyKey }),
  };
  return { calls, transport };
}

const WO: OutboxRecord = { type: 'wo', id: 'wo-1', code: 'WO-000001' };
const SR: OutboxRecord = { type: 'sr', id: 'sr-1', code: 'SR-000001' };
let seq = 0;

function entry(kind: string, path: string, record: OutboxRecord | null, change: Partial<OutboxEntry> = {}): OutboxEntry {
  seq++;
  return {
    id: `entry-${seq}`,
    createdAt: `2026-11-24T10:00:${String(seq).padStart(2, '0')}.000Z`,
    seq,
    userId: 'tech1',
    kind,
    description: { code: record?.code ?? '' },
    method: 'POST',
    path,
    body: {},
    files: [],
    idempotencyKey: `key-${seq}`,
    ifMatch: record ? '2026-11-24T09:00:00.000Z' : null,
    record,
    state: 'waiting',
    attempts: 0,
    ...change,
  };
}

async function storeWith(...entries: OutboxEntry[]): Promise<OutboxStore> {
  const store = memoryStore();
  for (const queued of entries) await store.put(queued);
  return store;
}

const ok = (data: Record<string, unknown>, status = 200): TransportAnswer => ({ status, body: { data } });
const refused = (status: number, message: string): TransportAnswer => ({ status, body: { statusCode: status, message } });

describe('replayQueue (the outbox, docs/decisions/0021-offline-pwa.md)', () => {
  it('sends in queue order, chaining the version each answer returns to the next action on the same record', async () => {
    const complete = entry('wo.complete', '/v2/wo/complete/wo-1', WO, { body: { note: 'Done', photos: ['photo-1'] } });
    const start = entry('wo.start', '/v2/wo/start/wo-1', WO);
    // Queued first, though put second: the order is the time queued.
    complete.createdAt = '2026-11-24T10:00:59.000Z';
    complete.files = [{ placeholder: 'photo-1', blob: new Blob(['png']), name: 'a.png', idempotencyKey: 'photo-key' }];
    const observation = entry('sr.observation', '/v2/observation/create/sr-1', SR);
    observation.createdAt = '2026-11-24T10:01:30.000Z';
    const store = await storeWith(complete, start, observation);
    const { calls, transport } = fakeApi((call) => {
      if (call.kind === 'upload') return ok({ _id: 'file-9' }, 201);
      if (call.path.includes('/start/')) return ok({ _id: 'wo-1', updatedAt: '2026-11-24T10:05:00.000Z' });
      return ok({ _id: call.path.split('/').pop(), updatedAt: '2026-11-24T10:06:00.000Z' });
    });

    const outcome = await replayQueue(store, transport, () => new Date('2026-11-24T10:10:00.000Z'));

    expect(outcome.stoppedBy).toBeNull();
    expect(calls.map((call) => `${call.kind} ${call.path}`)).toEqual([
      'request /v2/wo/start/wo-1',
      'upload /v2/file/upload',
      'request /v2/wo/complete/wo-1',
      'request /v2/observation/create/sr-1',
    ]);
    expect(calls[0]).toMatchObject({ idempotencyKey: start.idempotencyKey, ifMatch: '2026-11-24T09:00:00.000Z' });
    expect(calls[1]).toMatchObject({ idempotencyKey: 'photo-key' });
    // The photo's uploaded id replaces its placeholder; the version is the one the start produced.
    expect(calls[2]).toMatchObject({ body: { note: 'Done', photos: ['file-9'] }, ifMatch: '2026-11-24T10:05:00.000Z' });
    expect(await store.list()).toEqual([]);
    const meta = await store.meta();
    expect(meta.lastSyncedAt).toBe('2026-11-24T10:10:00.000Z');
    expect(meta.sent.map((item) => item.kind)).toEqual(['sr.observation', 'wo.complete', 'wo.start']);
  });

  it('holds a refused action and the later ones on its record, and sends the other records', async () => {
    const complete = entry('wo.complete', '/v2/wo/complete/wo-1', WO, { body: { note: 'Fixed it' } });
    const hold = entry('wo.hold', '/v2/wo/hold/wo-1', WO);
    const observation = entry('sr.observation', '/v2/observation/create/sr-1', SR);
    const store = await storeWith(complete, hold, observation);
    const { calls, transport } = fakeApi((call) =>
      call.path.includes('/complete/')
        ? refused(412, 'This record was changed by someone else since you opened it.')
        : ok({ updatedAt: '2026-11-24T10:06:00.000Z' }, 201),
    );

    const outcome = await replayQueue(store, transport);

    expect(outcome.stoppedBy).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/v2/wo/complete/wo-1', '/v2/observation/create/sr-1']);
    const left = await store.list();
    expect(left.map((kept) => [kept.kind, kept.state])).toEqual([
      ['wo.complete', 'conflict'],
      ['wo.hold', 'waiting'],
    ]);
    // What the technician entered is kept, with what happened.
    expect(left[0]).toMatchObject({
      body: { note: 'Fixed it' },
      failure: { status: 412, message: 'This record was changed by someone else since you opened it.' },
    });
  });

  it('keeps everything when the network fails, and sends again with the same keys later', async () => {
    const start = entry('wo.start', '/v2/wo/start/wo-1', WO);
    const complete = entry('wo.complete', '/v2/wo/complete/wo-1', WO);
    const store = await storeWith(start, complete);
    let online = false;
    const { calls, transport } = fakeApi(() => (online ? ok({ updatedAt: '2026-11-24T10:05:00.000Z' }) : 'offline'));

    expect((await replayQueue(store, transport)).stoppedBy).toBe('network');
    expect((await store.list()).map((kept) => kept.state)).toEqual(['waiting', 'waiting']);
    expect((await store.meta()).lastSyncedAt).toBeNull();

    online = true;
    expect((await replayQueue(store, transport)).stoppedBy).toBeNull();
    expect(calls.map((call) => call.idempotencyKey)).toEqual([start.idempotencyKey, start.idempotencyKey, complete.idempotencyKey]);
    expect(await store.list()).toEqual([]);
  });

  it('retries a request the server is still applying, and waits for a new sign-in on a 401 without dropping anything', async () => {
    const start = entry('wo.start', '/v2/wo/start/wo-1', WO);
    const store = await storeWith(start);
    const applying = fakeApi(() => refused(409, 'This action is already being applied; try again shortly.'));
    expect((await replayQueue(store, applying.transport)).stoppedBy).toBe('server');
    expect((await store.list())[0]).toMatchObject({ state: 'waiting' });

    const signedOut = fakeApi(() => refused(401, 'Unauthorized'));
    expect((await replayQueue(store, signedOut.transport)).stoppedBy).toBe('signIn');
    expect((await store.list())[0]).toMatchObject({ state: 'waiting', id: start.id });
  });

  it('marks an action whose photo the server refuses as failed, keeping its photo', async () => {
    const complete = entry('wo.complete', '/v2/wo/complete/wo-1', WO, { body: { photos: ['photo-1'] } });
    complete.files = [{ placeholder: 'photo-1', blob: new Blob(['not an image']), name: 'a.png', idempotencyKey: 'photo-key' }];
    const store = await storeWith(complete);
    const { calls, transport } = fakeApi(() => refused(415, 'This file type is not supported'));

    await replayQueue(store, transport);

    expect(calls).toHaveLength(1);
    const [kept] = await store.list();
    expect(kept).toMatchObject({ state: 'failed', failure: { status: 415 } });
    expect(kept!.files).toHaveLength(1);
  });
});
