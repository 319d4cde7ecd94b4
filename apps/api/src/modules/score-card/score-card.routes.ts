import { dataOf, pageOf } from '@amp/contracts/fields';
import {
  scoreCardDetailSchema,
  scoreCardDrillQuery,
  scoreCardListQuery,
  scoreCardOrderSchema,
  scoreCardParams,
  scoreCardRowSchema,
} from '@amp/contracts/score-card';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import * as scoreCard from './score-card.service.js';

const tags = ['score-card'];

/** Score cards (docs/api-contract.md#score-cards-issue-12); the definitions are packages/contracts/src/score-card.ts. */
export const scoreCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/score-card/all/list',
    {
      schema: {
        tags,
        summary: "The caller's service providers, ranked by their score card (super admin: every provider)",
        operationId: 'listScoreCards',
        querystring: scoreCardListQuery,
        response: { 200: pageOf(scoreCardRowSchema) },
      },
      config: { access: { permission: 'viewScoreCard' } },
    },
    (request) => scoreCard.list(app.deps.db, principalOf(request), request.query),
  );

  // The own card's routes come before /score-card/:id, so "mine" is never read as an id.
  app.get(
    '/score-card/mine',
    {
      schema: {
        tags,
        summary: "The caller's own score card as a provider, across the owners it serves and per owner",
        operationId: 'getOwnScoreCard',
        response: { 200: dataOf(scoreCardDetailSchema) },
      },
      config: { access: { permission: 'viewOwnScoreCard' } },
    },
    async (request) => ({ data: await scoreCard.mine(app.deps.db, principalOf(request)) }),
  );

  app.get(
    '/score-card/mine/work-orders',
    {
      schema: {
        tags,
        summary: "The work orders behind one figure of the caller's own score card",
        operationId: 'listOwnScoreCardWorkOrders',
        querystring: scoreCardDrillQuery,
        response: { 200: pageOf(scoreCardOrderSchema) },
      },
      config: { access: { permission: 'viewOwnScoreCard' } },
    },
    (request) => scoreCard.mineDrill(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/score-card/:id',
    {
      schema: {
        tags,
        summary: "One provider's score card and its rank among the caller's providers",
        operationId: 'getScoreCard',
        params: scoreCardParams,
        response: { 200: dataOf(scoreCardDetailSchema) },
      },
      config: { access: { permission: 'viewScoreCard' } },
    },
    async (request) => ({ data: await scoreCard.detail(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.get(
    '/score-card/:id/work-orders',
    {
      schema: {
        tags,
        summary: "The work orders behind one figure of a provider's score card",
        operationId: 'listScoreCardWorkOrders',
        params: scoreCardParams,
        querystring: scoreCardDrillQuery,
        response: { 200: pageOf(scoreCardOrderSchema) },
      },
      config: { access: { permission: 'viewScoreCard' } },
    },
    (request) => scoreCard.drill(app.deps.db, principalOf(request), request.params.id, request.query),
  );
};
