import { myWorkSchema, supplierDashboardSchema, workDashboardSchema } from '../dashboard.js';
import { dataOf } from '../fields.js';
import { superAdminDashboardSchema } from '../user.js';
import { operation } from './operation.js';

const tags = ['dashboard'];

/** The dashboards' figures, one operation per dashboard. */
export const dashboardOperations = {
  superAdmin: operation({
    method: 'GET',
    path: '/v2/dashboard-sa',
    tags,
    summary: "The super admin's dashboard: organisations, technicians, pending registrations, failed mail and jobs, new users per month",
    operationId: 'getSuperAdminDashboard',
    access: { permission: 'manageUserRegistration' },
    response: { 200: dataOf(superAdminDashboardSchema) },
  }),
  /** Three segments: never taken for GET /activities/:userId (the activity module's), whatever the order of registration. */
  work: operation({
    method: 'GET',
    path: '/v2/activities/dashboard/sr-wo',
    tags,
    summary: "The caller's side's service requests, work orders, faults and purchase orders: opened, closed, and created per month",
    operationId: 'getWorkDashboard',
    access: 'signedIn',
    response: { 200: dataOf(workDashboardSchema) },
  }),
  supplier: operation({
    method: 'GET',
    path: '/v2/dashboard-supplier',
    tags,
    summary: "The supplier's dashboard: purchase orders received, accepted, to dispatch, delivered, declined, and per month",
    operationId: 'getSupplierDashboard',
    access: { permission: 'viewIncomingPO' },
    response: { 200: dataOf(supplierDashboardSchema) },
  }),
  myWork: operation({
    method: 'GET',
    path: '/v2/dashboard/my-work',
    tags,
    summary:
      "The caller's own open work orders and service requests, with their asset, site, due time and SLA state: breached first, then by due time",
    operationId: 'getMyWork',
    // Assigned work comes through the Incoming lists: whoever may open one of them has a day's work to see.
    access: { permission: ['viewIncomingWO', 'viewIncomingSR'] },
    response: { 200: dataOf(myWorkSchema) },
  }),
};
