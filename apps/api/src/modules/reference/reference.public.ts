/** What other modules may use of the reference data: whether a state exists, an LGA's spelling, and a typed place checked against both. */
export { resolveLocation } from './location.service.js';
export { findLga, stateExists } from './reference.repository.js';
