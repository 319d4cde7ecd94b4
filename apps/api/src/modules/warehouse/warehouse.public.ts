/**
 * The warehouse module's reads and the one way stock moves, for the material request and purchase
 * order modules: every movement goes through `moveStock` inside the caller's write.
 */
export {
  type ItemIdentity,
  itemFor,
  lockItem,
  type MovedStock,
  type Movement,
  moveStock,
  notEnoughStock,
  notifyIfLow,
} from './stock-ledger.js';
