/**
 * What other modules may use of pricebooks: pricing an observation's or an order's lines from the items an organisation
 * offers, and what the asset import pipeline reads and writes of a pricebook.
 */

export {
  insertPricebookBatch,
  type PricebookBatch,
  pricebookImportTables,
  pricebookItemsOf,
  updatePricebookBatch,
} from './pricebook-import.repository.js';
export { type PricedLine, priceLines, sameLines, totalOf } from './pricebook-lines.service.js';
