/** The wizard's saving rules (docs/product.md#the-campaign-wizard) and its value conversions. */
import type { StepError } from '@backoffice/domain';
import { describe, expect, it } from 'vitest';
import {
  centsToUnits,
  isBeingCreated,
  nextStep,
  saveValidation,
  stepAfterSave,
  unitsToCents,
} from './wizard-logic';

const none = {};
const all = {
  benefit: true,
  content: true,
  image: true,
  handling: true,
  requireddata: true,
  review: false,
};
const benefitError: StepError = {
  step: 'benefit',
  fld: 'prizes',
  message: 'required_field_missing',
};
const imageError: StepError = { step: 'image', fld: 'image', message: 'required_field_missing' };

describe('wizard saving', () => {
  it('saves everything when all steps are valid, else the current step', () => {
    expect(saveValidation('content', [])).toBeUndefined();
    expect(saveValidation('content', [imageError])).toBe('content');
  });

  it('moves to the next step during creation, skipping the form below level 1', () => {
    expect(stepAfterSave('benefit', none, [imageError], 1)).toBe('content');
    expect(stepAfterSave('handling', none, [], 1)).toBe('requireddata');
    expect(stepAfterSave('handling', none, [], 0)).toBe('review');
    expect(stepAfterSave('requireddata', none, [], 1)).toBe('review');
  });

  it('stays while the saved step has errors', () => {
    expect(stepAfterSave('benefit', none, [benefitError], 1)).toBeUndefined();
  });

  it('goes to review when every step had been saved before (a clone)', () => {
    expect(isBeingCreated(all)).toBe(false);
    expect(isBeingCreated({ ...all, image: false })).toBe(true);
    expect(stepAfterSave('benefit', all, [], 1)).toBe('review');
  });

  it('knows the order of the steps', () => {
    expect(nextStep('benefit', 0)).toBe('content');
    expect(nextStep('content', 0)).toBe('image');
    expect(nextStep('image', 0)).toBe('handling');
    expect(nextStep('review', 5)).toBe('review');
  });
});

describe('values', () => {
  it('converts currency units to integer cents and back', () => {
    expect(unitsToCents(49.9)).toBe(4990);
    expect(unitsToCents(0.1 + 0.2)).toBe(30);
    expect(unitsToCents('12,5')).toBe(1250);
    expect(unitsToCents('')).toBeNull();
    expect(centsToUnits(4990)).toBe('49.90');
    expect(centsToUnits(150000)).toBe('1500.00');
    expect(centsToUnits(null)).toBe('');
  });
});
