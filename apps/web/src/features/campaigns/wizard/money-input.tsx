/**
 * An amount entered as currency and kept as integer cents (spec §9), with
 * the configured currency's symbol (euro, or CHF for the Swiss variant).
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useConfig } from '../../../shared/config/runtime-config';
import { centsToUnits, unitsToCents } from './wizard-logic';

export function currencySymbol(currency: string): string {
  const part = new Intl.NumberFormat('de-DE', { style: 'currency', currency })
    .formatToParts(0)
    .find((candidate) => candidate.type === 'currency');
  return part?.value ?? currency;
}

export interface MoneyInputProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  cents: number | null;
  onCents: (cents: number | null) => void;
}

export function MoneyInput({ cents, onCents, ...props }: MoneyInputProps) {
  const { currency } = useConfig();
  return (
    <NumberInput
      {...props}
      value={centsToUnits(cents)}
      onChange={(value) => onCents(unitsToCents(value))}
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      allowNegative={false}
      suffix={` ${currencySymbol(currency)}`}
      hideControls
    />
  );
}
