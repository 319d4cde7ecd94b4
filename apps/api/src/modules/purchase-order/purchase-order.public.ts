/** What other modules may use of purchase orders: where a notice about one leads (the approval reminders'). */
export { poPath } from './purchase-order.kind.js';
