/** What other modules may use of categories: the categories and sub-categories among some ids, the whole tree, and an example sub-category (asset import). */
export { exampleSubCategory, findCategories, listAllCategories } from './category.repository.js';
