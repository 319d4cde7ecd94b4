import { EVENT_MESSAGES, type EventMessageKey, formatEventMessage } from './event-messages.js';
import type { MessageParams } from './messages.js';

/**
 * The closed set of things that leave an activity record: one for each ACTIVITY.<action> text a
 * module declares in its `*.events.ts` (decision 0034). Each is stored as its action plus the
 * parameters of its message, never as an English sentence, so every language can show it.
 */
export type ActivityAction = EventMessageKey extends infer Key ? (Key extends `ACTIVITY.${infer Action}` ? Action : never) : never;

export const ACTIVITY_ACTIONS = Object.keys(EVENT_MESSAGES)
  .filter((key) => key.startsWith('ACTIVITY.'))
  .map((key) => key.slice('ACTIVITY.'.length)) as [ActivityAction, ...ActivityAction[]];

/** Sign-in and sign-out are bookkeeping: feeds that show "what happened" leave them out. */
export const SESSION_ACTIONS: readonly ActivityAction[] = ['account.login', 'account.logout'];

export type ActivityParams = MessageParams;

export function activityMessageKey(action: ActivityAction): EventMessageKey {
  return `ACTIVITY.${action}` as EventMessageKey;
}

/** The English sentence of an activity, for API clients that show `description` as it is. */
export function describeActivity(action: ActivityAction, params: ActivityParams): string {
  return formatEventMessage(activityMessageKey(action), params);
}
