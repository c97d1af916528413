/**
 * What other parts use of the campaigns module: the stored validation columns
 * (seed and load generators), and a standing rejection's reason (the
 * dashboard's to-do table).
 */
export { validationColumns } from './view.js';
export { rejectionReason } from './records.js';
