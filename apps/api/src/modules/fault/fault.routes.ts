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
} from '@amp/contracts/fault';
import { apiErrorSchema, dataOf } from '@amp/contracts/fields';
import { fileRefSchema, MAX_BYTES_OF_KIND } from '@amp/contracts/file';
import type { PermissionRule } from '@amp/contracts/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { principalOf } from '../../plugins/auth.js';
import * as fault from './fault.service.js';
import * as read from './fault-read.service.js';
import * as portal from './fault-upload.service.js';

const tags = ['fault'];
/** docs/product.md#faults: "Reported faults" needs any of these; the access module decides which faults. */
const READS: { permission: PermissionRule } = { permission: ['manageAssetFault', 'viewAsset', 'viewAssignedAsset'] };
const REPORTS: { permission: PermissionRule } = { permission: 'manageAssetFault' };
const languageOfRequest = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

export const faultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/fault/report',
    {
      schema: {
        tags,
        summary: 'Report a fault on an asset one sees (or add a "+1" to the open fault of its type)',
        operationId: 'reportFault',
        body: faultReportSchema,
        response: { 201: faultReportedAnswer },
      },
      config: { access: REPORTS },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await fault.report(app.deps, principalOf(request), request.body) };
    },
  );

  app.post(
    '/fault/report/:ownerId',
    {
      schema: {
        tags,
        summary: "Report a fault on an owner's asset through the public portal (rate-limited per IP)",
        operationId: 'reportFaultOnPortal',
        description: 'The reporter is mailed the tracking code. `website` is a honeypot: left empty by people.',
        params: faultOwnerParams,
        body: faultReportSchema,
        response: { 201: faultReportedAnswer },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const data = await fault.reportOnPortal(app.deps, request.params.ownerId, request.body, request.ip, languageOfRequest(request));
      reply.status(201);
      return { data };
    },
  );

  app.post(
    '/fault/upload/:ownerId',
    {
      schema: {
        tags,
        summary: "The public portal's image of a report (PNG or JPEG, rate-limited per IP)",
        operationId: 'uploadFaultImage',
        description:
          'Multipart field `file`: a PNG or JPEG image of at most 10 MB, told by its bytes and re-encoded without metadata. Kept for a day unless a report uses it. Answers 201 with the stored location in `Location`.',
        params: faultOwnerParams,
        upload: { maxBytes: MAX_BYTES_OF_KIND.image, description: 'A PNG or JPEG image' },
        response: { 201: dataOf(fileRefSchema) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const uploaded = await portal.uploadImage(app.deps, request.params.ownerId, request);
      reply.status(201).header('Location', uploaded.url);
      return { data: uploaded };
    },
  );

  app.post(
    '/fault/approve/:id',
    {
      schema: {
        tags,
        summary: "The provider sends its technician's report on to the owner",
        operationId: 'approveFault',
        params: faultIdParams,
        response: { 200: faultDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: { permission: 'viewOrganizationAssignedAsset' }, versioned: true },
    },
    async (request) => {
      const principal = principalOf(request);
      await fault.approve(app.deps, principal, request.params.id);
      return { data: await read.detail(app.deps.db, principal, request.params.id, languageOfRequest(request)) };
    },
  );

  app.post(
    '/fault/return/:id',
    {
      schema: {
        tags,
        summary: "The provider returns its technician's report for correction, with a reason",
        operationId: 'returnFault',
        params: faultIdParams,
        body: faultReasonSchema,
        response: { 200: faultDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: { permission: 'viewOrganizationAssignedAsset' }, versioned: true },
    },
    async (request) => {
      const principal = principalOf(request);
      await fault.returnToReporter(app.deps, principal, request.params.id, request.body.reason);
      return { data: await read.detail(app.deps.db, principal, request.params.id, languageOfRequest(request)) };
    },
  );

  app.post(
    '/fault/reject/:id',
    {
      schema: {
        tags,
        summary: 'The owner rejects a fault, with a reason told to its reporters',
        operationId: 'rejectFault',
        params: faultIdParams,
        body: faultReasonSchema,
        response: { 200: faultDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: REPORTS, versioned: true },
    },
    async (request) => {
      const principal = principalOf(request);
      await fault.reject(app.deps, principal, request.params.id, request.body.reason);
      return { data: await read.detail(app.deps.db, principal, request.params.id, languageOfRequest(request)) };
    },
  );

  app.post(
    '/fault/edit/:id',
    {
      schema: {
        tags,
        summary: 'The reporter corrects a returned fault and sends it back to the provider',
        operationId: 'editFault',
        params: faultIdParams,
        body: faultEditSchema,
        response: { 200: faultDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: REPORTS, versioned: true },
    },
    async (request) => {
      const principal = principalOf(request);
      await fault.edit(app.deps, principal, request.params.id, request.body);
      return { data: await read.detail(app.deps.db, principal, request.params.id, languageOfRequest(request)) };
    },
  );

  app.get(
    '/fault',
    {
      schema: {
        tags,
        summary: 'Faults one sees, by tab, filters and search, newest first',
        operationId: 'listFaults',
        querystring: faultListQuery,
        response: { 200: faultPageAnswer },
      },
      config: { access: READS },
    },
    (request) => read.list(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/fault/counts',
    {
      schema: {
        tags,
        summary: "The fault list's tab counts (each stops at 10,000)",
        operationId: 'countFaults',
        response: { 200: faultCountsAnswer },
      },
      config: { access: READS },
    },
    async (request) => ({ data: await read.counts(app.deps.db, principalOf(request)) }),
  );

  app.get(
    '/fault/reportable/assets',
    {
      schema: {
        tags,
        summary: 'Assets one sees and may report a fault on (the Fault Portal)',
        operationId: 'listReportableAssets',
        querystring: reportableAssetQuery,
        response: { 200: faultFormAssetPageAnswer },
      },
      config: { access: REPORTS },
    },
    (request) => read.reportableAssets(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/fault/reportable/clusters',
    {
      schema: {
        tags,
        summary: 'Clusters one sees (the Fault Portal)',
        operationId: 'listReportableClusters',
        querystring: reportableClusterQuery,
        response: { 200: faultFormClusterPageAnswer },
      },
      config: { access: REPORTS },
    },
    (request) => read.reportableClusters(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/fault/track/:code',
    {
      schema: {
        tags,
        summary: "A fault's status and public history by its tracking code (public, rate-limited per IP)",
        operationId: 'trackFault',
        params: faultCodeParams,
        response: { 200: faultTrackAnswer },
      },
      config: { access: 'public' },
    },
    async (request) => ({ data: await read.track(app.deps.db, request.params.code, request.ip) }),
  );

  app.get(
    '/fault/portal/:ownerId',
    {
      schema: {
        tags,
        summary: 'The owner a public fault portal reports to (not found unless an active asset owner)',
        operationId: 'getFaultPortalOwner',
        params: faultOwnerParams,
        response: { 200: faultPortalOwnerAnswer },
      },
      config: { access: 'public' },
    },
    async (request) => ({ data: await read.portalOwner(app.deps.db, request.params.ownerId, request.ip) }),
  );

  app.get(
    '/fault/portal/:ownerId/assets',
    {
      schema: {
        tags,
        summary: "An owner's assets in service, of one cluster or outside any (public, rate-limited per IP)",
        operationId: 'listFaultPortalAssets',
        params: faultOwnerParams,
        querystring: faultPortalAssetQuery,
        response: { 200: faultFormAssetPageAnswer },
      },
      config: { access: 'public' },
    },
    (request) => read.portalAssets(app.deps.db, request.params.ownerId, request.query, request.ip),
  );

  app.get(
    '/fault/portal/:ownerId/asset/:assetId',
    {
      schema: {
        tags,
        summary: "One of an owner's assets in service, for a QR label's pre-filled form (public)",
        operationId: 'getFaultPortalAsset',
        params: faultPortalAssetParams,
        response: { 200: faultFormAssetAnswer },
      },
      config: { access: 'public' },
    },
    async (request) => ({
      data: await read.portalAsset(app.deps.db, request.params.ownerId, request.params.assetId, request.ip),
    }),
  );

  app.get(
    '/fault/:id',
    {
      schema: {
        tags,
        summary: 'A fault with its reports, image, timeline and the sides the caller is on',
        operationId: 'getFault',
        params: faultIdParams,
        response: { 200: faultDetailAnswer },
      },
      config: { access: READS },
    },
    async (request) => ({
      data: await read.detail(app.deps.db, principalOf(request), request.params.id, languageOfRequest(request)),
    }),
  );
};
