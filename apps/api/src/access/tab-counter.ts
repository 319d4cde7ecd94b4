import type { Viewer } from './viewer.js';

/** The organisation and side whose kept counters answer a list's tab. */
export interface TabCounter {
  organisationId: string;
  side: 'owner' | 'provider';
}

/**
 * For a document sent by an owner to a provider, listed in Outgoing (the owner's), Incoming (the
 * provider's) and Completed or Certified (either): when the viewer's tab is exactly its
 * organisation's documents on one side, that side; otherwise undefined (counted from the rows).
 * `owner` and `provider`: whether the viewer reads as the owner's staff or the provider's managers.
 */
export function oneSideOfTab(viewer: Viewer, tab: string, reads: { owner: boolean; provider: boolean }): TabCounter | undefined {
  if (reads.owner && tab !== 'incoming') return { organisationId: viewer.organisationId, side: 'owner' };
  if (reads.provider && !reads.owner && tab !== 'outgoing') return { organisationId: viewer.organisationId, side: 'provider' };
  return undefined;
}
