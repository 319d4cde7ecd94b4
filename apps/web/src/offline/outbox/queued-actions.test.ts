import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxState } from './outbox-entry';
import { type AfterQueued, withQueuedActions } from './queued-actions';

interface Request {
  status: 'assigned' | 'observed';
  actions: string[];
  note: string;
}

const entry = (kind: string, state: OutboxState = 'waiting', body: unknown = {}): OutboxEntry => ({
  id: `${kind}-${state}`,
  createdAt: '2026-12-01T10:00:00.000Z',
  seq: 0,
  userId: 'tech1',
  kind,
  description: {},
  method: 'POST',
  path: '/v2/sr/observation',
  body,
  files: [],
  idempotencyKey: 'key',
  ifMatch: null,
  record: { type: 'sr', id: 'sr-1' },
  state,
  attempts: 0,
});

const AFTER: Record<string, AfterQueued<Request>> = {
  'sr.observation': { status: 'observed', actions: [], change: (_, queued) => ({ note: String((queued.body as { note: string }).note) }) },
};

const read: Request = { status: 'assigned', actions: ['observe'], note: '' };

describe('withQueuedActions: a record with a queued action offers only what may follow it', () => {
  it('a queued observation is no longer offered again, and the record reads as observed', () => {
    expect(withQueuedActions(read, [entry('sr.observation', 'waiting', { note: 'pump seals' })], AFTER)).toEqual({
      status: 'observed',
      actions: [],
      note: 'pump seals',
    });
    expect(withQueuedActions(read, [entry('sr.observation', 'sending', { note: 'x' })], AFTER).actions).toEqual([]);
  });

  it('leaves the record as read without queued actions, for kinds it does not name, and from a refused action on', () => {
    expect(withQueuedActions(read, [], AFTER)).toBe(read);
    expect(withQueuedActions(read, [entry('mr.create')], AFTER)).toBe(read);
    expect(withQueuedActions(read, [entry('sr.observation', 'conflict')], AFTER)).toBe(read);
  });
});
