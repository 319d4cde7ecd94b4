/** What other modules may use of pricebooks: the items an organisation offers, as an observation's or an order's lines copy them. */
export { offeredItems } from './pricebook.repository.js';
export { type PricedLine, priceLines, sameLines, totalOf } from './pricebook-lines.service.js';
