/** A step's values as a two-column table of label and value, read-only. */
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const empty =
    children === null || children === undefined || children === '' || children === false;
  return (
    <Table.Tr>
      <Table.Th w={220} fw={500} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td>
        {empty ? (
          <Text span c="dimmed" size="sm">
            {t('campaigns.values.none')}
          </Text>
        ) : (
          children
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function SummaryTable({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Table variant="vertical" withTableBorder={false} aria-label={label}>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

export const yesNo = (
  t: (key: 'campaigns.values.yes' | 'campaigns.values.no') => string,
  value: boolean,
) => (value ? t('campaigns.values.yes') : t('campaigns.values.no'));
