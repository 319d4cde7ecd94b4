import {
  approvalLevelParams,
  approvalLevelSchema,
  approvalLevelsAnswer,
  approvalSettingsAnswer,
  approvalSettingsSchema,
  approvalTypeParams,
  approverOptionsAnswer,
} from '@amp/contracts/approval';
import { apiErrorSchema, messageAnswer } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import type { PermissionRule } from '@amp/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import * as approval from './approval.service.js';

const tags = ['approval'];
/** Configuring levels (the service checks the permission of the type: woConfiguration or poConfiguration). */
const CONFIGURES: { permission: PermissionRule } = { permission: ['woConfiguration', 'poConfiguration'] };
/** Reading them: those who configure, approve or raise the documents (a form previews the levels a total needs). */
const READS: { permission: PermissionRule } = {
  permission: ['woConfiguration', 'poConfiguration', 'approveWO', 'approvePO', 'manageWO', 'managePO'],
};

export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/approval/:type',
    {
      schema: {
        tags,
        summary: "The organisation's approval levels of a type (wo or po), in order, with their approvers",
        operationId: 'listApprovalLevels',
        params: approvalTypeParams,
        response: { 200: approvalLevelsAnswer },
      },
      config: { access: READS },
    },
    async (request) => ({ data: await approval.listLevels(app.deps.db, principalOf(request), request.params.type) }),
  );

  app.get(
    '/approval/settings/:type',
    {
      schema: {
        tags,
        summary: 'How the organisation approves a type beyond its levels (whether a second person is always required)',
        operationId: 'getApprovalSettings',
        params: approvalTypeParams,
        response: { 200: approvalSettingsAnswer },
      },
      config: { access: READS },
    },
    async (request) => ({ data: await approval.settingsOf(app.deps.db, principalOf(request), request.params.type) }),
  );

  app.put(
    '/approval/settings/:type',
    {
      schema: {
        tags,
        summary:
          'Requires (or not) a second person: whoever created or last changed a document never approves it, even as the only approver',
        operationId: 'saveApprovalSettings',
        params: approvalTypeParams,
        body: approvalSettingsSchema,
        response: { 200: approvalSettingsAnswer },
      },
      config: { access: CONFIGURES },
    },
    async (request) => ({ data: await approval.changeSettings(app.deps, principalOf(request), request.params.type, request.body) }),
  );

  app.get(
    '/approval/approvers/:type',
    {
      schema: {
        tags,
        summary: 'The staff who may be made approvers of a type (active, holding approveWO or approvePO, or admins)',
        operationId: 'listApproverOptions',
        params: approvalTypeParams,
        response: { 200: approverOptionsAnswer },
      },
      config: { access: CONFIGURES },
    },
    async (request) => ({ data: await approval.approverOptions(app.deps.db, principalOf(request), request.params.type) }),
  );

  app.post(
    '/approval/create/:type',
    {
      schema: {
        tags,
        summary: 'Adds an approval level: a name, a maximum amount (NGN), an order and its approvers',
        operationId: 'createApprovalLevel',
        description: 'Maximums must rise with the order. Work orders already submitted keep the levels they copied.',
        params: approvalTypeParams,
        body: approvalLevelSchema,
        response: { 201: approvalLevelsAnswer },
      },
      config: { access: CONFIGURES },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      await approval.createLevel(app.deps, principal, request.params.type, request.body);
      reply.status(201);
      return { data: await approval.listLevels(app.deps.db, principal, request.params.type) };
    },
  );

  app.post(
    '/approval/update/:id',
    {
      schema: {
        tags,
        summary: 'Changes an approval level (its name, maximum, order or approvers)',
        operationId: 'updateApprovalLevel',
        params: approvalLevelParams,
        body: approvalLevelSchema,
        response: { 200: approvalLevelsAnswer },
      },
      config: { access: CONFIGURES },
    },
    async (request) => {
      const principal = principalOf(request);
      const type = await approval.changeLevel(app.deps, principal, request.params.id, request.body);
      return { data: await approval.listLevels(app.deps.db, principal, type) };
    },
  );

  app.post(
    '/approval/delete/:id',
    {
      schema: {
        tags,
        summary: 'Deletes an approval level',
        operationId: 'deleteApprovalLevel',
        params: approvalLevelParams,
        response: { 200: messageAnswer, 404: apiErrorSchema },
      },
      config: { access: CONFIGURES },
    },
    async (request) => {
      await approval.removeLevel(app.deps, principalOf(request), request.params.id);
      return { data: { message: formatMessage('APPROVAL.LEVEL_DELETED') } };
    },
  );
};
