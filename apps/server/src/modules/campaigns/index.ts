/** What the seed and load generators use of the campaigns module: the stored validation columns. */
export { validationColumns } from './view.js';
