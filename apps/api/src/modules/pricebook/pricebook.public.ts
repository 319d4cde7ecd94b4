/**
 * What other modules may use of pricebooks: pricing an observation's or an order's lines from the items an organisation
 * offers, and what the asset import pipeline reads and writes of a pricebook.
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { pricebookItems } from '../../db/schema/pricebook.js';

export {
  insertPricebookBatch,
  type PricebookBatch,
  pricebookImportTables,
  pricebookItemsOf,
  updatePricebookBatch,
} from './pricebook-import.repository.js';
export { type PricedLine, priceLines, sameLines, totalOf } from './pricebook-lines.service.js';

/**
 * The pricebook items' names by id, a subquery in FROM that a list joins on its item column
 * (`.leftJoin(pi, eq(pi.id, x.pricebookItemId))`, `pi.name`): PostgreSQL flattens it into the plan of a join on the table.
 */
export const pricebookItemNamesAs = (name: string) =>
  new QueryBuilder().select({ id: pricebookItems.id, name: pricebookItems.name }).from(pricebookItems).as(name);
