import { dataOf, pageOf } from '../fields.js';
import {
  pricebookExportQuery,
  pricebookItemCreateSchema,
  pricebookItemParams,
  pricebookItemSchema,
  pricebookItemUpdateSchema,
  pricebookListQuery,
  pricebookOwnerParams,
} from '../pricebook.js';
import { fileAnswer, operation, SPREADSHEET_TYPES } from './operation.js';

const tags = ['pricebook'];
const MB = 1024 * 1024;
const MANAGES = { permission: 'managePricebook' } as const;

/** The pricebook of a provider or a supplier: its items and their prices. */
export const pricebookOperations = {
  list: operation({
    method: 'GET',
    path: '/v2/pricebook',
    tags,
    summary: "The caller's organisation's pricebook (a provider's or a supplier's)",
    operationId: 'listPricebook',
    access: MANAGES,
    query: pricebookListQuery,
    response: { 200: pageOf(pricebookItemSchema) },
  }),
  /** Signed in is enough to ask; the access module lets an owner read only the providers it works with. */
  listOf: operation({
    method: 'GET',
    path: '/v2/pricebook/of/:organisationId',
    tags,
    summary: 'The pricebook of a provider the caller works with',
    description: 'For an owner whose assets or clusters the provider holds, or with which it has an SLA; 404 for anyone else.',
    operationId: 'listPricebookOf',
    access: 'signedIn',
    params: pricebookOwnerParams,
    query: pricebookListQuery,
    response: { 200: pageOf(pricebookItemSchema) },
  }),
  export: operation({
    method: 'GET',
    path: '/v2/pricebook/export',
    tags,
    summary: "The caller's pricebook as a CSV or XLSX file",
    operationId: 'exportPricebook',
    access: MANAGES,
    query: pricebookExportQuery,
    response: {
      200: fileAnswer('The pricebook file', SPREADSHEET_TYPES, 20 * MB),
    },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/pricebook/item/:id',
    tags,
    summary: 'A pricebook item (its organisation, and owners the organisation works with)',
    operationId: 'getPricebookItem',
    access: 'signedIn',
    params: pricebookItemParams,
    response: { 200: dataOf(pricebookItemSchema) },
  }),
  create: operation({
    method: 'POST',
    path: '/v2/pricebook/create',
    tags,
    summary: 'Add an item to the pricebook',
    operationId: 'createPricebookItem',
    access: MANAGES,
    body: pricebookItemCreateSchema,
    response: { 201: dataOf(pricebookItemSchema) },
  }),
  update: operation({
    method: 'PUT',
    path: '/v2/pricebook/update/:id',
    tags,
    summary: 'Change a pricebook item (what observations and orders already copied stays as it was)',
    operationId: 'updatePricebookItem',
    access: MANAGES,
    params: pricebookItemParams,
    body: pricebookItemUpdateSchema,
    response: { 200: dataOf(pricebookItemSchema) },
  }),
  retire: operation({
    method: 'POST',
    path: '/v2/pricebook/retire/:id',
    tags,
    summary: 'Retire a pricebook item: no longer offered, kept for history',
    operationId: 'retirePricebookItem',
    access: MANAGES,
    params: pricebookItemParams,
    response: { 200: dataOf(pricebookItemSchema) },
  }),
  restore: operation({
    method: 'POST',
    path: '/v2/pricebook/restore/:id',
    tags,
    summary: 'Offer a retired pricebook item again',
    operationId: 'restorePricebookItem',
    access: MANAGES,
    params: pricebookItemParams,
    response: { 200: dataOf(pricebookItemSchema) },
  }),
};
