import { MATERIAL_REQUEST_WORKFLOW } from '@amp/contracts/material-request.workflow';
import { materialRequests } from '../../db/schema/material-request.js';
import { defineDocumentKind } from '../../kernel/document-kind.js';
import { lockVisibleRequest } from './material-request.repository.js';

/** Where a click on a material request's notification leads in the web app. */
export const mrPath = (id: string) => `/material-request/${id}`;

/** The material request as a document of the kernel (docs/decisions/0026-document-kernel.md). */
export const MATERIAL_REQUEST = defineDocumentKind({
  subject: 'material_request',
  workflow: MATERIAL_REQUEST_WORKFLOW,
  table: {
    table: materialRequests,
    id: materialRequests.id,
    status: materialRequests.status,
    version: materialRequests.updatedAt,
    noun: 'material request',
  },
  codeCounter: 'material_request',
  path: mrPath,
  // Its read computes the same visibility itself, and whether the viewer manages its warehouse.
  readLocked: (tx, _visible, id, viewer) => lockVisibleRequest(tx, viewer, id),
  partiesOf: (viewer, request) => {
    const parties: ('manager' | 'requester')[] = [];
    if (request.manages) parties.push('manager');
    if (request.requestedBy === viewer.userId) parties.push('requester');
    return parties;
  },
});
