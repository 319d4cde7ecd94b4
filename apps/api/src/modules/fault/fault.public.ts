/**
 * What other modules may use of faults: converting one into what it became, inside their own
 * write (the service request and work order issues' "raise a ..." calls).
 */
export { convert as convertFault } from './fault.service.js';
