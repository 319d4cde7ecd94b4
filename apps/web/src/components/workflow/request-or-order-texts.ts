/**
 * The message namespace of a service request's or a work order's pages. The two keep the same keys
 * under theirs (`priority.<priority>`, `sla.<state>`, `clock.due`, `detail.noStaff`, `assign.nobody`,
 * ...), each in its own words, so one badge, clock, staff list or staff picker serves both.
 */
export type RequestOrOrderTexts = 'serviceRequests' | 'workOrders';
