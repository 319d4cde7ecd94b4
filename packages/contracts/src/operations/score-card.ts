import { dataOf, pageOf } from '../fields.js';
import {
  scoreCardDetailSchema,
  scoreCardDrillQuery,
  scoreCardListQuery,
  scoreCardOrderSchema,
  scoreCardParams,
  scoreCardRowSchema,
} from '../score-card.js';
import { operation } from './operation.js';

const tags = ['score-card'];

/** Score cards (docs/api-contract.md#score-cards-issue-12); the definitions are packages/contracts/src/score-card.ts. */
export const scoreCardOperations = {
  list: operation({
    method: 'GET',
    path: '/v2/score-card/all/list',
    tags,
    summary: "The caller's service providers, ranked by their score card (super admin: every provider)",
    operationId: 'listScoreCards',
    access: { permission: 'viewScoreCard' },
    query: scoreCardListQuery,
    response: { 200: pageOf(scoreCardRowSchema) },
  }),
  mine: operation({
    method: 'GET',
    path: '/v2/score-card/mine',
    tags,
    summary: "The caller's own score card as a provider, across the owners it serves and per owner",
    operationId: 'getOwnScoreCard',
    access: { permission: 'viewOwnScoreCard' },
    response: { 200: dataOf(scoreCardDetailSchema) },
  }),
  mineWorkOrders: operation({
    method: 'GET',
    path: '/v2/score-card/mine/work-orders',
    tags,
    summary: "The work orders behind one figure of the caller's own score card",
    operationId: 'listOwnScoreCardWorkOrders',
    access: { permission: 'viewOwnScoreCard' },
    query: scoreCardDrillQuery,
    response: { 200: pageOf(scoreCardOrderSchema) },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/score-card/:id',
    tags,
    summary: "One provider's score card and its rank among the caller's providers",
    operationId: 'getScoreCard',
    access: { permission: 'viewScoreCard' },
    params: scoreCardParams,
    response: { 200: dataOf(scoreCardDetailSchema) },
  }),
  workOrders: operation({
    method: 'GET',
    path: '/v2/score-card/:id/work-orders',
    tags,
    summary: "The work orders behind one figure of a provider's score card",
    operationId: 'listScoreCardWorkOrders',
    access: { permission: 'viewScoreCard' },
    params: scoreCardParams,
    query: scoreCardDrillQuery,
    response: { 200: pageOf(scoreCardOrderSchema) },
  }),
};
