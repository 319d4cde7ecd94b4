/**
 * Every table of the database, one file per domain. This is the schema's one aggregate, on
 * purpose: drizzle-kit (drizzle.config.ts) and the client's `schema` option read the whole
 * schema from this file, and the code imports its tables from here.
 */
export * from './account.js';
export * from './activity.js';
export * from './approval.js';
export * from './asset.js';
export * from './asset-import.js';
export * from './assignment.js';
export * from './category.js';
export * from './cluster.js';
export * from './configuration.js';
export * from './dashboard.js';
export * from './fault.js';
export * from './file.js';
export * from './idempotency.js';
export * from './mail.js';
export * from './material-request.js';
export * from './notification.js';
export * from './pricebook.js';
export * from './purchase-order.js';
export * from './rate-limit.js';
export * from './reference.js';
export * from './registration.js';
export * from './report.js';
export * from './role.js';
export * from './score-card.js';
export * from './service-request.js';
export * from './sla.js';
export * from './user.js';
export * from './warehouse.js';
export * from './work-order.js';
