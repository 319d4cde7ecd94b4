import { describe, expect, it } from 'vitest';
import type { SrDetail } from '../../lib/queries/service-requests';
import type { OutboxEntry } from '../../offline/outbox/outbox-entry';
import { withPendingActions } from './sr-pending';

const observation = { kind: 'sr.observation', state: 'waiting', record: { type: 'sr', id: 'sr-1' } } as OutboxEntry;

describe('a service request with an observation waiting to be sent', () => {
  it('offers no second observation: it reads as observed, waiting for the owner', () => {
    const read = { _id: 'sr-1', status: 'assigned', actions: ['observe'] } as unknown as SrDetail;
    const shown = withPendingActions(read, [observation]);
    expect(shown.status).toBe('observed');
    expect(shown.actions).not.toContain('observe');
  });
});
