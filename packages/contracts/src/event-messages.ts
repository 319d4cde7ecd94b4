import type { MessageParams } from './messages.js';

/**
 * The English texts of activities and notifications (ACTIVITY.<action>, NOTIFICATION.<event>, and
 * the mails'): rendered by the API for each reader (event-texts.ts holds the other languages). Kept
 * apart from the catalogue of messages.ts, which the web ships in its first script: the web shows
 * these texts as the API rendered them and never needs them itself.
 */
export const EVENT_MESSAGES = {
  'ACTIVITY.account.login': 'Signed in',
  'ACTIVITY.account.logout': 'Signed out',
  'ACTIVITY.account.forgot': 'Requested a password reset',
  'ACTIVITY.account.reset_password': 'Reset the password',
  'ACTIVITY.account.change_password': 'Changed the password',
  'ACTIVITY.account.settings': 'Updated the settings',
  'ACTIVITY.account.notification_preferences': 'Changed the notification preferences',
  'ACTIVITY.registration.submitted': 'Submitted a registration for approval',
  'ACTIVITY.registration.approved': 'Approved the registration of {organisation}',
  'ACTIVITY.registration.rejected': 'Rejected the registration of {organisation}',
  'ACTIVITY.user.seeded': 'Account created for {name}',
  'ACTIVITY.user.created': 'Added the user {name}',
  'ACTIVITY.user.updated': 'Updated the user {name}',
  'ACTIVITY.user.activated': 'Reactivated the user {name}',
  'ACTIVITY.user.deactivated': 'Deactivated the user {name}',
  'ACTIVITY.user.profile_updated': 'Updated the profile',
  'ACTIVITY.role.created': 'Created the role {name}',
  'ACTIVITY.role.permissions_changed': 'Changed the permissions of the role {name}',
  'ACTIVITY.category.created': 'Created the category {name}',
  'ACTIVITY.category.sub_category_created': 'Added the sub-category {name} to {parent}',
  'ACTIVITY.cluster.created': 'Created the cluster {name} ({code})',
  'ACTIVITY.cluster.updated': 'Updated the cluster {name} ({code})',
  'ACTIVITY.cluster.deleted': 'Deleted the cluster {name} ({code})',
  'ACTIVITY.asset.created': 'Created the asset {name} ({code})',
  'ACTIVITY.asset.updated': 'Updated the asset {name} ({code})',
  'ACTIVITY.asset.decommissioned': 'Decommissioned the asset {name} ({code}){reason}',
  'ACTIVITY.asset.imported': 'Added {count} asset(s) from the file {file}',
  'ACTIVITY.asset.import_updated': 'Updated {count} asset(s) from the file {file}',
  'ACTIVITY.asset.assigned': 'Assigned the asset {name} ({code}) to {provider}',
  'ACTIVITY.asset.unassigned': 'Took back the asset {name} ({code})',
  'ACTIVITY.asset.dispatched': 'Assigned the asset {name} ({code}) to {technician}',
  'ACTIVITY.cluster.assigned': 'Assigned the cluster {name} ({code}) to {provider}',
  'ACTIVITY.cluster.unassigned': 'Took back the cluster {name} ({code})',
  'ACTIVITY.cluster.dispatched': 'Assigned the cluster {name} ({code}) to {technician}',
  'ACTIVITY.sla.created': 'Created the SLA {title} with {provider} (response {response} h, resolution {resolution} h)',
  'ACTIVITY.sla.updated': 'Updated the SLA {title}',
  'ACTIVITY.file.uploaded': 'Uploaded the file {name}',
  'ACTIVITY.legacy': '{text}',
  'ACTIVITY.fault.reported': 'Reported the fault {code} ({faultType}) on {asset}',
  'ACTIVITY.fault.plus_one': 'Reported the fault {code} on {asset} again ({reporters} reports)',
  'ACTIVITY.fault.approved': 'Sent the fault {code} on {asset} to the asset owner',
  'ACTIVITY.fault.returned': 'Returned the fault {code} on {asset}: {reason}',
  'ACTIVITY.fault.resubmitted': 'Corrected and sent again the fault {code} on {asset}',
  'ACTIVITY.fault.rejected': 'Rejected the fault {code} on {asset}: {reason}',
  'ACTIVITY.fault.converted': 'Took up the fault {code} on {asset}',
  'ACTIVITY.pricebook.item_added': 'Added {name} to the pricebook at NGN {price}',
  'ACTIVITY.pricebook.item_changed': 'Changed {name} in the pricebook (NGN {price})',
  'ACTIVITY.pricebook.item_retired': 'Retired {name} from the pricebook',
  'ACTIVITY.pricebook.item_restored': 'Offered {name} in the pricebook again',
  'ACTIVITY.pricebook.imported': '{count} pricebook item(s) added or changed from the file {file}',
  'ACTIVITY.service_request.sent': 'Sent service request {code} ({title}) to {provider}',
  'ACTIVITY.service_request.accepted': 'Accepted service request {code} ({title})',
  'ACTIVITY.service_request.declined': 'Declined service request {code} ({title}): {reason}',
  'ACTIVITY.service_request.assigned': 'Assigned {names} to service request {code}',
  'ACTIVITY.service_request.closed': 'Closed service request {code} ({title})',
  'ACTIVITY.service_request.auto_closed': 'Service request {code} was closed automatically after {days} day(s) without activity',
  'ACTIVITY.service_request.response_due_soon': 'The response time of service request {code} is almost over',
  'ACTIVITY.service_request.response_breached': 'The response time of service request {code} was exceeded',
  'ACTIVITY.service_request.resolution_due_soon': 'The resolution time of service request {code} is almost over',
  'ACTIVITY.service_request.resolution_breached': 'The resolution time of service request {code} was exceeded',
  'ACTIVITY.observation.submitted': 'Submitted a {type} observation on service request {code} (NGN {total})',
  'ACTIVITY.observation.accepted': 'Accepted the observation on service request {code}',
  'ACTIVITY.observation.rejected': 'Rejected the observation on service request {code}: {reason}',
  'ACTIVITY.configuration.wo_updated': 'Changed the work order configuration',
  'ACTIVITY.approval.level_saved': 'Saved the approval level {name} (up to NGN {max})',
  'ACTIVITY.approval.level_deleted': 'Deleted the approval level {name}',
  'ACTIVITY.work_order.created': 'Drafted work order {code} ({title})',
  'ACTIVITY.work_order.edited': 'Changed work order {code} (NGN {total})',
  'ACTIVITY.work_order.submitted': 'Submitted work order {code} ({title}, NGN {total}) for approval by {levels}',
  'ACTIVITY.work_order.revised': 'Changed work order {code} to NGN {total}: its approval starts again with {level}',
  'ACTIVITY.work_order.step_approved': 'Approved work order {code} as {level}',
  'ACTIVITY.work_order.step_self_approved': 'Approved own work order {code} as {level}, its only approver',
  'ACTIVITY.work_order.approval_rejected': 'Rejected work order {code} as {level}: {reason}',
  'ACTIVITY.work_order.sent': 'Work order {code} ({title}) was sent to {provider}',
  'ACTIVITY.work_order.accepted': 'Accepted work order {code} ({title})',
  'ACTIVITY.work_order.declined': 'Declined work order {code} ({title}): {reason}',
  'ACTIVITY.work_order.assigned': 'Assigned {names} to work order {code}',
  'ACTIVITY.work_order.started': 'Started work on work order {code}',
  'ACTIVITY.work_order.held': 'Put work order {code} on hold: {reason}',
  'ACTIVITY.work_order.resumed': 'Resumed work on work order {code}',
  'ACTIVITY.work_order.completed': 'Completed work order {code} in {hours} hour(s)',
  'ACTIVITY.work_order.owner_certified': 'Certified work order {code} for the owner: {comment}',
  'ACTIVITY.work_order.provider_certified': 'Certified work order {code} for the provider: {comment}',
  'ACTIVITY.work_order.unsatisfactory': 'Found the work on work order {code} unsatisfactory: {reason}',
  'ACTIVITY.work_order.rated': 'Rated {provider} {rating} of 5 for work order {code}',
  'ACTIVITY.work_order.closed': 'Closed work order {code} ({title})',
  'ACTIVITY.work_order.ended': 'Ended work order {code} early: {reason}',
  'ACTIVITY.work_order.response_due_soon': 'The response time of work order {code} is almost over',
  'ACTIVITY.work_order.response_breached': 'The response time of work order {code} was exceeded',
  'ACTIVITY.work_order.resolution_due_soon': 'The resolution time of work order {code} is almost over',
  'ACTIVITY.work_order.resolution_breached': 'The resolution time of work order {code} was exceeded',
  'ACTIVITY.configuration.updated': 'Changed the service request configuration',
  'NOTIFICATION.registration.pending': '{organisation} registered and awaits approval',
  'NOTIFICATION.registration.approved': 'Your registration for {organisation} has been approved',
  'NOTIFICATION.assignment.assigned': '{owner} assigned {count} {kind} to {provider}: {names}',
  'NOTIFICATION.assignment.revoked': '{owner} took back {count} {kind}: {names}',
  'NOTIFICATION.assignment.dispatched': 'You have been assigned {name} ({code})',
  'NOTIFICATION.sla.created': '{owner} created the SLA {title} with you',
  'NOTIFICATION.sla.updated': '{owner} changed the SLA {title}',
  'NOTIFICATION.import.succeeded': 'The import of {file} finished: {count} asset(s) written',
  'NOTIFICATION.import.failed': 'The import of {file} failed: {reason}',
  'NOTIFICATION.import.succeeded.pricebook': 'The import of {file} finished: {count} pricebook item(s) added or changed',
  'NOTIFICATION.fault.awaiting_provider': 'A fault on {asset} ({code}) reported by your technician awaits your approval',
  'NOTIFICATION.fault.awaiting_owner': 'A fault on {asset} ({code}) awaits your decision',
  'NOTIFICATION.fault.returned': 'Your fault report {code} on {asset} was returned: {reason}',
  'NOTIFICATION.fault.rejected': 'Your fault report {code} on {asset} was rejected: {reason}',
  'NOTIFICATION.fault.approved': 'Your fault report {code} on {asset} was sent to the asset owner',
  'NOTIFICATION.service_request.sent': '{owner} sent you service request {code}: {title}',
  'NOTIFICATION.service_request.accepted': '{provider} accepted service request {code}: {title}',
  'NOTIFICATION.service_request.declined': '{provider} declined service request {code}: {reason}',
  'NOTIFICATION.service_request.assigned': 'You have been assigned service request {code}: {title}',
  'NOTIFICATION.service_request.closed': 'Service request {code} ({title}) was closed',
  'NOTIFICATION.service_request.response_due_soon': 'The response time of service request {code} ({title}) is almost over',
  'NOTIFICATION.service_request.response_breached': 'The response time of service request {code} ({title}) was exceeded',
  'NOTIFICATION.service_request.resolution_due_soon': 'The resolution time of service request {code} ({title}) is almost over',
  'NOTIFICATION.service_request.resolution_breached': 'The resolution time of service request {code} ({title}) was exceeded',
  'NOTIFICATION.service_request.sla_summary': '{count} service requests need attention: their SLA time is almost over or exceeded',
  'NOTIFICATION.observation.submitted': 'A {type} observation on service request {code} awaits your decision (NGN {total})',
  'NOTIFICATION.observation.accepted': 'Your observation on service request {code} was accepted',
  'NOTIFICATION.observation.rejected': 'Your observation on service request {code} was rejected: {reason}',
  'NOTIFICATION.work_order.approval_requested': 'Work order {code} ({title}, NGN {total}) awaits your approval as {level}',
  'NOTIFICATION.work_order.approval_reminder':
    'Reminder: work order {code} ({title}) has awaited your approval as {level} for {hours} hour(s)',
  'NOTIFICATION.work_order.approval_escalated': 'Work order {code} ({title}) has awaited the approval of {level} for {hours} hour(s)',
  'NOTIFICATION.work_order.approval_rejected': 'Work order {code} ({title}) was rejected by {level}: {reason}',
  'NOTIFICATION.work_order.sent': '{owner} sent you work order {code}: {title}',
  'NOTIFICATION.work_order.accepted': '{provider} accepted work order {code}: {title}',
  'NOTIFICATION.work_order.declined': '{provider} declined work order {code}: {reason}',
  'NOTIFICATION.work_order.assigned': 'You have been assigned work order {code}: {title}',
  'NOTIFICATION.work_order.completed': '{provider} completed work order {code} ({title}): please certify it',
  'NOTIFICATION.work_order.owner_certified': '{owner} certified work order {code} ({title})',
  'NOTIFICATION.work_order.provider_certified': '{provider} certified work order {code} ({title})',
  'NOTIFICATION.work_order.unsatisfactory': 'The work on work order {code} was found unsatisfactory: {reason}',
  'NOTIFICATION.work_order.rated': '{owner} rated your work on work order {code} {rating} of 5',
  'NOTIFICATION.work_order.closed': 'Work order {code} ({title}) was closed',
  'NOTIFICATION.work_order.ended': 'Work order {code} ({title}) was ended: {reason}',
  'NOTIFICATION.work_order.response_due_soon': 'The response time of work order {code} ({title}) is almost over',
  'NOTIFICATION.work_order.response_breached': 'The response time of work order {code} ({title}) was exceeded',
  'NOTIFICATION.work_order.resolution_due_soon': 'The resolution time of work order {code} ({title}) is almost over',
  'NOTIFICATION.work_order.resolution_breached': 'The resolution time of work order {code} ({title}) was exceeded',
  'NOTIFICATION.work_order.sla_summary': '{count} work orders need attention: their SLA time is almost over or exceeded',
  'NOTIFICATION.FAULT_MAIL.REPORTED_SUBJECT': 'AMP: your fault report {code}',
  'NOTIFICATION.FAULT_MAIL.REPORTED':
    'Thank you for reporting a fault on {asset} to {owner}. Your tracking code is {code}. You can follow it here: {url}',
  'NOTIFICATION.FAULT_MAIL.DUPLICATE':
    'Thank you for reporting a fault on {asset} to {owner}. It had already been reported and is being looked at; your report has been added to it. Its tracking code is {code}. You can follow it here: {url}',
  'NOTIFICATION.FAULT_MAIL.CLOSED_SUBJECT': 'AMP: your fault report {code} is closed',
  'NOTIFICATION.FAULT_MAIL.REJECTED':
    'Your fault report {code} on {asset} was closed by {owner} without further action: {reason}. Details: {url}',
  'NOTIFICATION.FAULT_MAIL.CONVERTED':
    'Your fault report {code} on {asset} has been taken up by {owner} and work has been ordered. Details: {url}',
  'NOTIFICATION.EMAIL_SUBJECT': 'AMP: {text}',
  'NOTIFICATION.EMAIL_OPEN': 'Open in AMP: {url}',
  'NOTIFICATION.EMAIL_FOOTER': 'You can choose which notifications you receive by email on your profile page: {url}',
  'NOTIFICATION.DIGEST_SUBJECT': 'AMP: your daily summary ({count})',
  'NOTIFICATION.DIGEST_INTRO': 'Here is what happened since your last summary:',
  'NOTIFICATION.KIND.asset': 'asset(s)',
  'NOTIFICATION.KIND.cluster': 'cluster(s)',
  'NOTIFICATION.KIND.mixed': 'asset(s) and cluster(s)',
  'NOTIFICATION.KIND.asset.one': 'asset',
  'NOTIFICATION.KIND.cluster.one': 'cluster',
} as const;

export type EventMessageKey = keyof typeof EVENT_MESSAGES;

/** An event text in English with its parameters. */
export function formatEventMessage(key: EventMessageKey, params: MessageParams = {}): string {
  return fillEventText(EVENT_MESSAGES[key], params, 'en');
}

/** A naira amount as the API writes it ("1250000.50"): a money parameter, stored exact. */
const AMOUNT = /^-?\d+(\.\d+)?$/;

/**
 * An event text's {placeholders} filled in, for a reader of `locale`: `total`, a naira amount, is
 * grouped as that reader writes numbers ("1,250,000.50", "1.250.000,50"), from its exact text.
 */
export function fillEventText(text: string, params: MessageParams, locale: string): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) return `{${name}}`;
    if (name === 'total' && typeof value === 'string' && AMOUNT.test(value)) {
      // Intl reads a numeric string exactly (no float rounding of large amounts).
      return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as unknown as number);
    }
    return String(value);
  });
}
