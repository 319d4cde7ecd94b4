/** What other modules may use of SLAs: the ones covering an asset or a cluster (a service request copies its targets). */
export { slasCovering } from './sla.repository.js';
