/** A queue's name for people: the catalogue's label, or its own name for a queue without one. */
import type { TFunction } from 'i18next';

export const queueLabel = (t: TFunction, name: string): string =>
  t(`backgroundJobs.queues.${name}`, { defaultValue: name });
