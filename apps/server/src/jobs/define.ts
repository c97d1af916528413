/**
 * Defines a job of the application: its work gets the application's context.
 * (The queue itself sees the context only as far as it needs it, so that it
 * and the context's type do not import each other.)
 */
import type { AppContext } from '../app-context.js';
import type { JobDefinition } from './definition.js';

/** Erases the data and context types of a definition, so that different jobs stand in one list. */
export const defineJob = <Data extends object>(
  definition: JobDefinition<Data, AppContext>,
): JobDefinition => definition;
