/**
 * The approval engine, for the documents approved by cost (work orders here, purchase orders in
 * the supply issue): a submission copies the levels that apply into steps, an approver decides the
 * pending one, a change or an end cancels the steps not decided.
 */
export { type StepRow, stepsOf } from './approval.repository.js';
export { cancelApproval, type Decision, decideStep, mayApprove, startApproval, stepAnswers } from './approval.service.js';
