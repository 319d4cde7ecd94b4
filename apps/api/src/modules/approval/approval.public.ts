/**
 * The approval engine, for the documents approved by cost (work orders here, purchase orders in
 * the supply issue): a submission copies the levels that apply into steps, an approver decides the
 * pending one, a change or an end cancels the steps not decided. The documents submit and decide
 * through approval-document.service.ts, which also says what every approval says.
 */
export { cancelApproval, mayApproveNow, stepAnswers } from './approval.service.js';
export {
  type ApprovalDocument,
  announceApproval,
  announceRejection,
  askApprovers,
  decideApproval,
  submitForApproval,
} from './approval-document.service.js';
