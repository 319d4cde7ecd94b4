import { SERVICE_REQUEST_WORKFLOW } from '@amp/contracts/service-request.workflow';
import { sql } from 'drizzle-orm';
import { serviceRequestAssignees, serviceRequests } from '../../db/schema/service-request.js';
import { defineDocumentKind } from '../../kernel/document-kind.js';
import { defineStaffAssignment } from '../../kernel/staff-assignment.js';
import { recordFaultWork } from '../fault/fault.public.js';
import { serviceRequestParties } from './service-request.parties.js';
import { lockVisibleRequest } from './service-request.repository.js';
import { SERVICE_REQUEST_LISTS } from './service-request.tabs.js';

/** Where a click on a request's notification leads in the web app. */
export const srPath = (id: string) => `/service-request/view/${id}`;

/** The service request as a document of the kernel (docs/decisions/0026-document-kernel.md). */
export const SERVICE_REQUEST = defineDocumentKind({
  subject: 'service_request',
  workflow: SERVICE_REQUEST_WORKFLOW,
  table: {
    table: serviceRequests,
    id: serviceRequests.id,
    status: serviceRequests.status,
    version: serviceRequests.updatedAt,
    noun: 'service request',
  },
  codeCounter: 'service_request',
  path: srPath,
  readLocked: lockVisibleRequest,
  partiesOf: (viewer, request) => serviceRequestParties(viewer, request, request.assigneeIds),
  // Every step is activity: the inactivity reminders count from the last one.
  stepColumns: () => ({ lastActivityAt: sql`now()` }),
  lists: SERVICE_REQUEST_LISTS,
});

/**
 * Its staff assignment (kernel/staff-assignment.ts): the provider's active users who report
 * observations; an assignment starts the work of the fault it was raised from.
 */
export const SERVICE_REQUEST_STAFF = defineStaffAssignment({
  kind: SERVICE_REQUEST,
  assignees: {
    table: serviceRequestAssignees,
    document: serviceRequestAssignees.serviceRequestId,
    user: serviceRequestAssignees.userId,
    assignedAt: serviceRequestAssignees.assignedAt,
    assignedBy: serviceRequestAssignees.assignedBy,
  },
  side: { organisationId: serviceRequests.organisationId, providerId: serviceRequests.providerId },
  isProvider: (viewer, request) => serviceRequestParties(viewer, request, []).includes('provider'),
  working: 'manageObservation',
  step: 'assign',
  activity: 'service_request.assigned',
  assignedEvent: 'service_request.assigned',
  staffedEvent: 'service_request.staffed',
  ownerHears: ['viewOutgoingSR'],
  onAssigned: ({ deps, tx, fx, row }) => recordFaultWork(deps, tx, fx, row.faultId, 'started'),
});
