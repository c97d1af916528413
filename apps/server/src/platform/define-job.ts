/**
 * Defines a job of the application: its work gets the application's context.
 * (The queue itself sees the context only as far as it needs it, so that it
 * and the context's type do not import each other; this file sits beside
 * context.ts, above the kernel's floors, for the modules' jobs.)
 */
import type { AppContext } from './context.js';
import { eraseJob, type JobDefinition } from './jobs/definition.js';

/** A job whose work gets the whole application's context (its types erased: eraseJob). */
export const defineJob = <Data extends object>(
  definition: JobDefinition<Data, AppContext>,
): JobDefinition => eraseJob(definition);
