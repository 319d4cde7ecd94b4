/** What other modules read of an owner's configurations (the defaults until it saves one). */
export { findSrConfiguration, findWoConfiguration } from './configuration.repository.js';
