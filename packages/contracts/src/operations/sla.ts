import { z } from 'zod';
import { dataOf, pageOf, recordId } from '../fields.js';
import { slaCreateSchema, slaListQuery, slaProvidedQuery, slaSchema, slaSummarySchema, slaUpdateSchema } from '../sla.js';
import { operation } from './operation.js';

const tags = ['sla'];
const byId = z.object({ id: recordId('SLA', 'sla') });
const byUnderscoreId = z.object({ _id: recordId('SLA', 'sla') });

/** Service level agreements between an owner and a provider. */
export const slaOperations = {
  create: operation({
    method: 'POST',
    path: '/v2/sla/create/',
    tags,
    summary: 'Create an SLA with a provider',
    operationId: 'createSla',
    access: { permission: 'manageAsset' },
    body: slaCreateSchema,
    response: { 201: dataOf(slaSchema) },
  }),
  /** The owner's SLAs. */
  list: operation({
    method: 'GET',
    path: '/v2/sla',
    tags,
    summary: "The owner's SLAs",
    operationId: 'listSlas',
    access: { permission: 'manageAsset' },
    query: slaListQuery,
    response: { 200: pageOf(slaSummarySchema) },
  }),
  /** The SLAs the caller's organisation provides. */
  provided: operation({
    method: 'GET',
    path: '/v2/sla/provided',
    tags,
    summary: "The SLAs the caller's organisation provides",
    operationId: 'listProvidedSlas',
    access: { permission: 'viewOrganizationAssignedAsset' },
    query: slaProvidedQuery,
    response: { 200: pageOf(slaSummarySchema) },
  }),
  /** Signed in is enough to ask; the service shows it only to the owner (viewAsset or manageAsset) and the provider. */
  detail: operation({
    method: 'GET',
    path: '/v2/sla/:id',
    tags,
    summary: 'An SLA (for its owner and its provider)',
    operationId: 'getSla',
    access: 'signedIn',
    params: byId,
    response: { 200: dataOf(slaSchema) },
  }),
  update: operation({
    method: 'PUT',
    path: '/v2/sla/update/:_id',
    tags,
    summary: 'Edit an SLA',
    operationId: 'editSla',
    access: { permission: 'manageAsset' },
    params: byUnderscoreId,
    body: slaUpdateSchema,
    response: { 200: dataOf(slaSchema) },
  }),
};
