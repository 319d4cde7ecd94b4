/**
 * The message namespace of a workflow's list pages. Faults, service requests, work orders, material requests and purchase orders keep
 * the same keys under theirs, each in its own words (`tab.<tab>`, `tabHint.<tab>`, `filter.status`,
 * `filter.allStatuses`, `status.<status>`, ...), so one tab strip or filter serves them all.
 */
export type WorkflowTexts = 'faults' | 'serviceRequests' | 'workOrders' | 'materialRequests' | 'purchaseOrders';
