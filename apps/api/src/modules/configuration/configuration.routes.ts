import { configurationAnswer, configurationSchema } from '@amp/contracts/configuration';
import type { PermissionRule } from '@amp/contracts/permissions';
import { configurationIdParams, srConfigurationAnswer } from '@amp/contracts/service-request';
import { woConfigurationAnswer } from '@amp/contracts/work-order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import * as configuration from './configuration.service.js';

const tags = ['configuration'];
/** Service requests' (viewOutgoingSR) or work orders' (woConfiguration); the service checks the one of the type. */
const CONFIGURES: { permission: PermissionRule } = { permission: ['viewOutgoingSR', 'woConfiguration'] };

export const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/configuration/create',
    {
      schema: {
        tags,
        summary: "The owner's configuration of a type, `sr` (the default) or `wo` (one per owner and type: saving again replaces it)",
        operationId: 'createConfiguration',
        body: configurationSchema,
        response: { 201: configurationAnswer },
      },
      config: { access: CONFIGURES },
    },
    async (request, reply) => {
      const data = await configuration.configure(app.deps, principalOf(request), request.body);
      reply.status(201);
      return { data };
    },
  );

  app.put(
    '/configuration/update/:id',
    {
      schema: {
        tags,
        summary: "Changes the owner's configuration of a type",
        operationId: 'updateConfiguration',
        params: configurationIdParams,
        body: configurationSchema,
        response: { 200: configurationAnswer },
      },
      config: { access: CONFIGURES },
    },
    async (request) => ({ data: await configuration.configure(app.deps, principalOf(request), request.body, request.params.id) }),
  );

  app.get(
    '/configuration/created/sr',
    {
      schema: {
        tags,
        summary: "The owner's service request configuration (the defaults until one is saved)",
        operationId: 'getSrConfiguration',
        response: { 200: srConfigurationAnswer },
      },
      config: { access: { permission: 'viewOutgoingSR' } },
    },
    async (request) => ({ data: await configuration.readSr(app.deps.db, principalOf(request)) }),
  );

  app.get(
    '/configuration/created/wo',
    {
      schema: {
        tags,
        summary: "The owner's work order configuration: code prefix, approval reminder and escalation hours, recall days",
        operationId: 'getWoConfiguration',
        response: { 200: woConfigurationAnswer },
      },
      config: { access: { permission: 'woConfiguration' } },
    },
    async (request) => ({ data: await configuration.readWo(app.deps.db, principalOf(request)) }),
  );
};
