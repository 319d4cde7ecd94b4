/** What other modules may use of pricebooks: pricing an observation's or an order's lines from the items an organisation offers. */
export { type PricedLine, priceLines, sameLines, totalOf } from './pricebook-lines.service.js';
