import type { NotificationEvent } from '@amp/contracts/notification';

/**
 * A notification event's label on the profile page: its module's text `notificationEvent.<event>`,
 * kept in that module's own locale file (locales/<lang>/work-orders.json...), so a new event brings
 * its label with its module; scripts/check-locales.mjs holds every event of the contracts to one.
 */
export const eventLabelKey = (event: NotificationEvent) => `notificationEvent.${event}`;
