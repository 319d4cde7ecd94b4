import { defineReach } from '../../access/registry.js';

declare module '../../access/registry.js' {
  interface Subjects {
    approval_step: true;
  }
}

/**
 * On the outer "approval_steps" row: the steps of a document approved by cost (document_type and
 * document_id name it) are seen by whoever sees the document, which lends its reach to them in its
 * own reach file ({ host: 'approval_step', kind: <its approval type> }): the engine lists none of
 * the documents it serves (decision 0027).
 */
export const approvalStepReach = defineReach({
  subject: 'approval_step',
  table: 'approval_steps',
  attachable: { typeColumn: 'document_type', idColumn: 'document_id' },
});
