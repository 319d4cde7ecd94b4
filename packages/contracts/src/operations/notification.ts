import {
  notificationCountAnswer,
  notificationListQuery,
  notificationPageAnswer,
  notificationPreferencesAnswer,
  notificationPreferencesInput,
} from '../notification.js';
import { operation } from './operation.js';

const tags = ['notification'];

/**
 * The signed-in user's notifications. Their operation ids are the ones the document has always
 * given them (named from method and path, plugins/openapi.ts), written out here.
 */
export const notificationOperations = {
  count: operation({
    method: 'GET',
    path: '/v2/notification/count',
    tags,
    summary: 'Unread notifications',
    operationId: 'getNotificationCount',
    access: 'signedIn',
    response: { 200: notificationCountAnswer },
  }),
  list: operation({
    method: 'GET',
    path: '/v2/notification',
    tags,
    summary: 'Notifications, newest first',
    operationId: 'getNotification',
    access: 'signedIn',
    query: notificationListQuery,
    response: { 200: notificationPageAnswer },
  }),
  /** The mobile apps' call fixes the method (docs/api-contract.md#notifications): the panel calls GET when it closes or a notification is clicked. */
  clear: operation({
    method: 'GET',
    path: '/v2/notification/clear',
    tags,
    summary: 'Mark every notification read',
    operationId: 'getNotificationClear',
    access: 'signedIn',
    response: { 200: notificationCountAnswer },
  }),
  preferences: operation({
    method: 'GET',
    path: '/v2/notification/preferences',
    tags,
    summary: 'Notification preferences per event',
    operationId: 'getNotificationPreferences',
    access: 'signedIn',
    response: { 200: notificationPreferencesAnswer },
  }),
  savePreferences: operation({
    method: 'PUT',
    path: '/v2/notification/preferences',
    tags,
    summary: 'Change notification preferences',
    operationId: 'putNotificationPreferences',
    access: 'signedIn',
    body: notificationPreferencesInput,
    response: { 200: notificationPreferencesAnswer },
  }),
  /**
   * Server-Sent Events: `count` once, then `notification` for each new one. Read with fetch and the
   * bearer header (EventSource cannot send it; a token never goes in a URL). The handler writes the
   * stream itself, so no answer is declared.
   */
  stream: operation({
    method: 'GET',
    path: '/v2/notification/stream',
    tags,
    summary: 'Live notifications (text/event-stream)',
    operationId: 'getNotificationStream',
    access: 'signedIn',
    response: {},
  }),
};
