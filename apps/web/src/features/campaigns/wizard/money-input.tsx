/**
 * An amount entered as currency and kept as integer cents (docs/product.md#limits), with
 * the configured currency's symbol (euro, or CHF for the Swiss variant) and
 * the configured locale's separators (shared/format/number.ts).
 *
 * What the field shows is what is kept: a typed thousands separator groups
 * and never becomes the decimal separator ("1.500" is 1.500,00 € in German),
 * and the text being typed stays as it is ("12," while the cents are
 * retyped) as long as it means the cents the form holds. Only another amount
 * from outside (a reload, a reset) replaces it, and leaving the field writes
 * the cents in full (12,50 €).
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';
import { useConfig } from '../../../shared/config/runtime-config';
import { amountSeparators, currencySymbol } from '../../../shared/format/number';
import { centsToUnits, unitsToCents } from './wizard-logic';

export interface MoneyInputProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  cents: number | null;
  onCents: (cents: number | null) => void;
}

export function MoneyInput({ cents, onCents, ...props }: MoneyInputProps) {
  const { currency } = useConfig();
  const separators = amountSeparators();
  // The input's own value: a number, or the text of one being typed ("12.", "12.50").
  const [typed, setTyped] = useState<number | string>(() => centsToUnits(cents));
  if (unitsToCents(typed) !== cents) setTyped(centsToUnits(cents));
  return (
    <NumberInput
      {...props}
      value={typed}
      onBlur={(event) => {
        setTyped(centsToUnits(cents));
        props.onBlur?.(event);
      }}
      onChange={(value) => {
        setTyped(value);
        onCents(unitsToCents(value));
      }}
      decimalSeparator={separators.decimal}
      thousandSeparator={separators.group}
      allowedDecimalSeparators={separators.typedDecimals}
      decimalScale={2}
      allowNegative={false}
      suffix={` ${currencySymbol(currency)}`}
      hideControls
    />
  );
}
