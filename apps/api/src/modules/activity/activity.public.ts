import type { Language } from '@amp/contracts/account';
import { type ActivityAction, type ActivityParams, activityMessageKey } from '@amp/contracts/activity';
import { renderMessage } from '@amp/contracts/event-texts';

/** What other modules may use of activities: an object's history, and how an entry reads. */
export {
  countActivitiesOfSubject,
  hasActivityOf,
  listActivitiesOfSharedSubject,
  listActivitiesOfSubject,
  listStepsOfSubject,
} from './activity.repository.js';

/** An activity's sentence in the reader's language (activities are stored as an action and its message's parameters). */
export function describeActivityIn(language: Language, action: ActivityAction, params: ActivityParams): string {
  return renderMessage(language, activityMessageKey(action), params);
}
