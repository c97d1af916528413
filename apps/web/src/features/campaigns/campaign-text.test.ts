import { describe, expect, it } from 'vitest';
import { creatableTypes } from './campaign-text';

describe('campaign texts', () => {
  it('offers tips to admins and agencies only', () => {
    expect(creatableTypes({ level: 'other' }).some((type) => type.startsWith('tip/'))).toBe(false);
    expect(creatableTypes({ level: 'agency' })).toContain('tip/standard');
    expect(creatableTypes({ level: 'admin' })).toHaveLength(10);
  });
});
