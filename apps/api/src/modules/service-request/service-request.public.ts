import type { ObservationType } from '@amp/contracts/service-request';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../lib/qualified.js';

/**
 * What other modules may use of service requests: what a request or a work order is about and
 * whom it can go to (the owner's own asset or cluster, a provider of a receiver type, the choices
 * of the send form); the owner's decisions on an observation, the request it answers and its
 * detail (composed with a work order in modules/observation-decision), and its acceptance inside
 * the caller's write when a work order is raised from it; the caller's own open requests (the
 * technician's home) and whether one reaches requests only through one's assignments (the dashboards).
 */
export { reachesOnlyAssignedRequests } from './service-request.reach.js';
export { findOwnTarget, findProvider } from './service-request.repository.js';
export { acceptObservationWithin, decide as decideObservation, requestOfObservation } from './service-request.service.js';
export { assignedOpenRequests, detail as serviceRequestDetail, providerChoices } from './service-request-read.service.js';

/** The code of the service request whose id is in `column` (null when there is none). */
export const serviceRequestCodeOf = (column: AnyColumn | SQL) =>
  sql<string | null>`(select r.code from service_requests r where r.id = ${qualified(column)})`;

/** The type of the observation whose id is in `column` (null when there is none). */
export const observationTypeOf = (column: AnyColumn | SQL) =>
  sql<ObservationType | null>`(select o.type from observations o where o.id = ${qualified(column)})`;

/**
 * The service requests assigned to the user whose id is `userId`, per status and month of creation
 * (UTC, 'YYYY-MM'), as a query of rows { status, month, total }: a technician's dashboard, one part
 * of its statement, read only when `switchedOn` (a one-time condition of the caller's) holds.
 */
export const requestsAssignedPerStatusAndMonth = (userId: SQL, switchedOn: SQL) => sql`
        select r.status, to_char(r.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as total
          from service_request_assignees a inner join service_requests r on r.id = a.service_request_id
         where ${switchedOn} and a.user_id = ${userId}
         group by 1, 2`;
