import type { Language } from '@amp/contracts/account';
import { describeActivityIn, type listActivitiesOfSharedSubject } from '../modules/activity/activity.public.js';

type ActivityEntry = Awaited<ReturnType<typeof listActivitiesOfSharedSubject>>[number];

/**
 * A document's timeline as its detail answers it, a shared engine of the kernel
 * (docs/decisions/0026-document-kernel.md): each activity in the reader's language, with who did it.
 */
export function toTimeline(language: Language, entries: readonly ActivityEntry[]) {
  return entries.map((entry) => ({
    _id: entry._id,
    action: entry.action,
    description: describeActivityIn(language, entry.action, entry.params),
    user: entry.user,
    createdAt: entry.createdAt.toISOString(),
  }));
}
