/**
 * The message namespace of a workflow's list pages, named by the kind's own feature ('workOrders',
 * 'purchaseOrders'...). Each kind keeps the same keys under its namespace, in its own locale file
 * and in its own words (`tab.<tab>`, `tabHint.<tab>`, `filter.status`, `filter.allStatuses`,
 * `status.<status>`, ...), so one tab strip or filter serves them all and a new kind brings its
 * texts without editing a list here; scripts/check-locales.mjs holds every language to English's keys.
 */
export type WorkflowTexts = string;
