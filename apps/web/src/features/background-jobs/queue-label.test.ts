import { JOB_QUEUES } from '@backoffice/domain';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de.json';
import en from '../../locales/en.json';

describe('queue labels', () => {
  it('name every queue of the product in German and English', () => {
    for (const catalogue of [de, en]) {
      const labels: Record<string, string> = catalogue.backgroundJobs.queues;
      expect(Object.keys(labels).sort()).toEqual([...JOB_QUEUES].sort());
      for (const queue of JOB_QUEUES) expect(labels[queue]).not.toBe(queue);
    }
  });
});
