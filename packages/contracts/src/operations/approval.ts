import {
  approvalLevelParams,
  approvalLevelSchema,
  approvalLevelsAnswer,
  approvalSettingsAnswer,
  approvalSettingsSchema,
  approvalTypeParams,
  approverOptionsAnswer,
} from '../approval.js';
import { apiErrorSchema, messageAnswer } from '../fields.js';
import type { PermissionAccess } from './access-rule.js';
import { operation } from './operation.js';

const tags = ['approval'];
/** Configuring levels (the service checks the permission of the type: woConfiguration or poConfiguration). */
const CONFIGURES: PermissionAccess = { permission: ['woConfiguration', 'poConfiguration'] };
/** Reading them: those who configure, approve or raise the documents (a form previews the levels a total needs). */
const READS: PermissionAccess = {
  permission: ['woConfiguration', 'poConfiguration', 'approveWO', 'approvePO', 'manageWO', 'managePO'],
};

/** An organisation's approval levels of work orders and purchase orders, and how it approves them. */
export const approvalOperations = {
  levels: operation({
    method: 'GET',
    path: '/v2/approval/:type',
    tags,
    summary: "The organisation's approval levels of a type (wo or po), in order, with their approvers",
    operationId: 'listApprovalLevels',
    access: READS,
    params: approvalTypeParams,
    response: { 200: approvalLevelsAnswer },
  }),
  settings: operation({
    method: 'GET',
    path: '/v2/approval/settings/:type',
    tags,
    summary: 'How the organisation approves a type beyond its levels (whether a second person is always required)',
    operationId: 'getApprovalSettings',
    access: READS,
    params: approvalTypeParams,
    response: { 200: approvalSettingsAnswer },
  }),
  saveSettings: operation({
    method: 'PUT',
    path: '/v2/approval/settings/:type',
    tags,
    summary: 'Requires (or not) a second person: whoever created or last changed a document never approves it, even as the only approver',
    operationId: 'saveApprovalSettings',
    access: CONFIGURES,
    params: approvalTypeParams,
    body: approvalSettingsSchema,
    response: { 200: approvalSettingsAnswer },
  }),
  approvers: operation({
    method: 'GET',
    path: '/v2/approval/approvers/:type',
    tags,
    summary: 'The staff who may be made approvers of a type (active, holding approveWO or approvePO, or admins)',
    operationId: 'listApproverOptions',
    access: CONFIGURES,
    params: approvalTypeParams,
    response: { 200: approverOptionsAnswer },
  }),
  createLevel: operation({
    method: 'POST',
    path: '/v2/approval/create/:type',
    tags,
    summary: 'Adds an approval level: a name, a maximum amount (NGN), an order and its approvers',
    operationId: 'createApprovalLevel',
    description: 'Maximums must rise with the order. Work orders already submitted keep the levels they copied.',
    access: CONFIGURES,
    params: approvalTypeParams,
    body: approvalLevelSchema,
    response: { 201: approvalLevelsAnswer },
  }),
  updateLevel: operation({
    method: 'POST',
    path: '/v2/approval/update/:id',
    tags,
    summary: 'Changes an approval level (its name, maximum, order or approvers)',
    operationId: 'updateApprovalLevel',
    access: CONFIGURES,
    params: approvalLevelParams,
    body: approvalLevelSchema,
    response: { 200: approvalLevelsAnswer },
  }),
  deleteLevel: operation({
    method: 'POST',
    path: '/v2/approval/delete/:id',
    tags,
    summary: 'Deletes an approval level',
    operationId: 'deleteApprovalLevel',
    access: CONFIGURES,
    params: approvalLevelParams,
    response: { 200: messageAnswer, 404: apiErrorSchema },
  }),
};
