/** What other modules may use of categories: the categories and sub-categories among some ids. */
export { findCategories } from './category.repository.js';
