import {
  faultCodeParams,
  faultCountsAnswer,
  faultDetailAnswer,
  faultEditSchema,
  faultFormAssetAnswer,
  faultFormAssetPageAnswer,
  faultFormClusterPageAnswer,
  faultIdParams,
  faultListQuery,
  faultOwnerParams,
  faultPageAnswer,
  faultPortalAssetParams,
  faultPortalAssetQuery,
  faultPortalOwnerAnswer,
  faultReasonSchema,
  faultReportedAnswer,
  faultReportSchema,
  faultTrackAnswer,
  reportableAssetQuery,
  reportableClusterQuery,
} from '../fault.js';
import { apiErrorSchema, dataOf } from '../fields.js';
import { fileRefSchema, MAX_BYTES_OF_KIND } from '../file.js';
import type { PermissionAccess } from './access-rule.js';
import { operation, stepOperations } from './operation.js';

const tags = ['fault'];
/** docs/product.md#faults: "Reported faults" needs any of these; the access module decides which faults. */
const READS: PermissionAccess = { permission: ['manageAssetFault', 'viewAsset', 'viewAssignedAsset'] };
const REPORTS: PermissionAccess = { permission: 'manageAssetFault' };
/** The provider's side of a fault its technician reported. */
const PROVIDES: PermissionAccess = { permission: 'viewOrganizationAssignedAsset' };

/** Every step answers the fault as it now is. */
const step = stepOperations({ tags, params: faultIdParams, response: { 200: faultDetailAnswer, 409: apiErrorSchema }, versioned: true });

/**
 * The fault operations, the public fault portal's among them: those are `public` (no session), and
 * their limits per IP are the services' (they read the caller's IP), so nothing of the route's own
 * is left behind.
 */
export const faultOperations = {
  report: operation({
    method: 'POST',
    path: '/v2/fault/report',
    tags,
    summary: 'Report a fault on an asset one sees (or add a "+1" to the open fault of its type)',
    operationId: 'reportFault',
    access: REPORTS,
    body: faultReportSchema,
    response: { 201: faultReportedAnswer },
  }),
  reportOnPortal: operation({
    method: 'POST',
    path: '/v2/fault/report/:ownerId',
    tags,
    summary: "Report a fault on an owner's asset through the public portal (rate-limited per IP)",
    operationId: 'reportFaultOnPortal',
    description: 'The reporter is mailed the tracking code. `website` is a honeypot: left empty by people.',
    access: 'public',
    params: faultOwnerParams,
    body: faultReportSchema,
    response: { 201: faultReportedAnswer },
  }),
  uploadOnPortal: operation({
    method: 'POST',
    path: '/v2/fault/upload/:ownerId',
    tags,
    summary: "The public portal's image of a report (PNG or JPEG, rate-limited per IP)",
    operationId: 'uploadFaultImage',
    description:
      'Multipart field `file`: a PNG or JPEG image of at most 10 MB, told by its bytes and re-encoded without metadata. Kept for a day unless a report uses it. Answers 201 with the stored location in `Location`.',
    access: 'public',
    params: faultOwnerParams,
    upload: { maxBytes: MAX_BYTES_OF_KIND.image, description: 'A PNG or JPEG image' },
    response: { 201: dataOf(fileRefSchema) },
  }),
  approve: step.post('/v2/fault/approve/:id', {
    access: PROVIDES,
    summary: "The provider sends its technician's report on to the owner",
    operationId: 'approveFault',
  }),
  return: step.post('/v2/fault/return/:id', {
    access: PROVIDES,
    summary: "The provider returns its technician's report for correction, with a reason",
    operationId: 'returnFault',
    body: faultReasonSchema,
  }),
  reject: step.post('/v2/fault/reject/:id', {
    access: REPORTS,
    summary: 'The owner rejects a fault, with a reason told to its reporters',
    operationId: 'rejectFault',
    body: faultReasonSchema,
  }),
  edit: step.post('/v2/fault/edit/:id', {
    access: REPORTS,
    summary: 'The reporter corrects a returned fault and sends it back to the provider',
    operationId: 'editFault',
    body: faultEditSchema,
  }),
  list: operation({
    method: 'GET',
    path: '/v2/fault',
    tags,
    summary: 'Faults one sees, by tab, filters and search, newest first',
    operationId: 'listFaults',
    access: READS,
    query: faultListQuery,
    response: { 200: faultPageAnswer },
  }),
  counts: operation({
    method: 'GET',
    path: '/v2/fault/counts',
    tags,
    summary: "The fault list's tab counts (each stops at 10,000)",
    operationId: 'countFaults',
    access: READS,
    response: { 200: faultCountsAnswer },
  }),
  reportableAssets: operation({
    method: 'GET',
    path: '/v2/fault/reportable/assets',
    tags,
    summary: 'Assets one sees and may report a fault on (the Fault Portal)',
    operationId: 'listReportableAssets',
    access: REPORTS,
    query: reportableAssetQuery,
    response: { 200: faultFormAssetPageAnswer },
  }),
  reportableClusters: operation({
    method: 'GET',
    path: '/v2/fault/reportable/clusters',
    tags,
    summary: 'Clusters one sees (the Fault Portal)',
    operationId: 'listReportableClusters',
    access: REPORTS,
    query: reportableClusterQuery,
    response: { 200: faultFormClusterPageAnswer },
  }),
  track: operation({
    method: 'GET',
    path: '/v2/fault/track/:code',
    tags,
    summary: "A fault's status and public history by its tracking code (public, rate-limited per IP)",
    operationId: 'trackFault',
    access: 'public',
    params: faultCodeParams,
    response: { 200: faultTrackAnswer },
  }),
  portalOwner: operation({
    method: 'GET',
    path: '/v2/fault/portal/:ownerId',
    tags,
    summary: 'The owner a public fault portal reports to (not found unless an active asset owner)',
    operationId: 'getFaultPortalOwner',
    access: 'public',
    params: faultOwnerParams,
    response: { 200: faultPortalOwnerAnswer },
  }),
  portalAssets: operation({
    method: 'GET',
    path: '/v2/fault/portal/:ownerId/assets',
    tags,
    summary: "An owner's assets in service, of one cluster or outside any (public, rate-limited per IP)",
    operationId: 'listFaultPortalAssets',
    access: 'public',
    params: faultOwnerParams,
    query: faultPortalAssetQuery,
    response: { 200: faultFormAssetPageAnswer },
  }),
  portalAsset: operation({
    method: 'GET',
    path: '/v2/fault/portal/:ownerId/asset/:assetId',
    tags,
    summary: "One of an owner's assets in service, for a QR label's pre-filled form (public)",
    operationId: 'getFaultPortalAsset',
    access: 'public',
    params: faultPortalAssetParams,
    response: { 200: faultFormAssetAnswer },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/fault/:id',
    tags,
    summary: 'A fault with its reports, image, timeline and the sides the caller is on',
    operationId: 'getFault',
    access: READS,
    params: faultIdParams,
    response: { 200: faultDetailAnswer },
  }),
};
