import { mergeOnce } from '@amp/contracts/event-family';
import { EVENT_MESSAGES } from '@amp/contracts/event-messages';
import { EVENT_TEXTS } from '@amp/contracts/event-texts';
import { NOTIFICATION_AUDIENCES } from '@amp/contracts/events';
import { NOTIFICATION_EVENT_AUDIENCE, NOTIFICATION_EVENTS } from '@amp/contracts/notification';
import { WORK_ORDER_EVENT_TEXTS, WORK_ORDER_NOTIFICATIONS } from '@amp/contracts/work-order.events';
import { describe, expect, it } from 'vitest';

describe('events declared by their module (decision 0034)', () => {
  it('gathers every module’s notification events, in the order the registry lists the modules', () => {
    expect(NOTIFICATION_EVENTS).toEqual(NOTIFICATION_AUDIENCES.flatMap((audiences) => Object.keys(audiences)));
    expect(NOTIFICATION_EVENTS.slice(0, 2)).toEqual(['registration.pending', 'registration.approved']);
    expect(NOTIFICATION_EVENT_AUDIENCE['work_order.assigned']).toBe(WORK_ORDER_NOTIFICATIONS['work_order.assigned']);
    for (const event of NOTIFICATION_EVENTS) expect(EVENT_MESSAGES).toHaveProperty([`NOTIFICATION.${event}`]);
  });

  it('gathers every module’s texts in every language', () => {
    expect(EVENT_MESSAGES['NOTIFICATION.work_order.sent']).toBe(WORK_ORDER_EVENT_TEXTS.en['NOTIFICATION.work_order.sent']);
    expect(EVENT_TEXTS.fr['NOTIFICATION.work_order.sent']).toBe(WORK_ORDER_EVENT_TEXTS.fr['NOTIFICATION.work_order.sent']);
  });

  it('refuses a key two modules declare', () => {
    expect(() => mergeOnce([{ 'sla.created': 'organisation' }, { 'sla.created': 'super' }], 'The notification event')).toThrow(
      'The notification event "sla.created" is declared by two modules',
    );
  });
});
