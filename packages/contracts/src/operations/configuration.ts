import { configurationAnswer, configurationSchema } from '../configuration.js';
import type { PermissionRule } from '../permissions.js';
import { configurationIdParams, srConfigurationAnswer } from '../service-request.js';
import { woConfigurationAnswer } from '../work-order.js';
import { operation } from './operation.js';

const tags = ['configuration'];
/** Service requests' (viewOutgoingSR) or work orders' (woConfiguration); the service checks the one of the type. */
const CONFIGURES: { permission: PermissionRule } = { permission: ['viewOutgoingSR', 'woConfiguration'] };

/** An owner's configuration of its service requests and work orders. */
export const configurationOperations = {
  create: operation({
    method: 'POST',
    path: '/v2/configuration/create',
    tags,
    summary: "The owner's configuration of a type, `sr` (the default) or `wo` (one per owner and type: saving again replaces it)",
    operationId: 'createConfiguration',
    access: CONFIGURES,
    body: configurationSchema,
    response: { 201: configurationAnswer },
  }),
  update: operation({
    method: 'PUT',
    path: '/v2/configuration/update/:id',
    tags,
    summary: "Changes the owner's configuration of a type",
    operationId: 'updateConfiguration',
    access: CONFIGURES,
    params: configurationIdParams,
    body: configurationSchema,
    response: { 200: configurationAnswer },
  }),
  serviceRequest: operation({
    method: 'GET',
    path: '/v2/configuration/created/sr',
    tags,
    summary: "The owner's service request configuration (the defaults until one is saved)",
    operationId: 'getSrConfiguration',
    access: { permission: 'viewOutgoingSR' },
    response: { 200: srConfigurationAnswer },
  }),
  workOrder: operation({
    method: 'GET',
    path: '/v2/configuration/created/wo',
    tags,
    summary: "The owner's work order configuration: code prefix, approval reminder and escalation hours, recall days",
    operationId: 'getWoConfiguration',
    access: { permission: 'woConfiguration' },
    response: { 200: woConfigurationAnswer },
  }),
};
