/**
 * An amount entered as currency and kept as integer cents (spec §9), with
 * the configured currency's symbol (euro, or CHF for the Swiss variant) and
 * the configured locale's separators (shared/format/number.ts).
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';
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
  return (
    <NumberInput
      {...props}
      value={centsToUnits(cents)}
      onChange={(value) => onCents(unitsToCents(value))}
      decimalSeparator={separators.decimal}
      thousandSeparator={separators.group}
      decimalScale={2}
      allowNegative={false}
      suffix={` ${currencySymbol(currency)}`}
      hideControls
    />
  );
}
