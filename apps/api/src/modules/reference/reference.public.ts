/** What other modules may use of the reference data: whether a state exists, and an LGA's spelling. */
export { findLga, stateExists } from './reference.repository.js';
