/**
 * The codes of a campaign in the benefit step (docs/product.md#campaigns, Prize, docs/product.md#api-calls
 * multiple-codes): available, used and total counts, a warning when a coupon
 * with multiple codes has none (docs/product.md#validation) or, once codes were
 * handed out, runs low (the threshold of the `codes.low` webhook event,
 * docs/product.md#webhooks), what the unique-code prizes need,
 * upload with progress, generator, CSV download and the codes, paged.
 */
import { codesRunLow, type TCodeImportResponse } from '@backoffice/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../../../shared/api/error-text';
import { formatDateTime } from '../../../../shared/format/date-time';
import { formatCount } from '../../../../shared/format/number';
import { ListPager } from '../../../../shared/ui/list-pager';
import { downloadCodes, useCodeList } from '../../api/multiple-codes';
import { CodeGenerator } from './code-generator';
import { CodeUpload, type CodeReport } from './code-upload';

/** The field the server names in its refusals of codes. */
const UPLOAD_FIELD = 'upload';

export interface CodesSectionProps {
  campaignId: string;
  /** A coupon with multiple codes: no codes is worth a warning. */
  warnWhenEmpty: boolean;
  /** Codes the unique-code prizes need in all (sweepstakes), else undefined. */
  prizeNeed?: number;
  /** Whether codes may be added (not for ended or deleted campaigns). */
  canAdd: boolean;
}

function ReportAlert({ report }: { report: CodeReport }) {
  const { t } = useTranslation();
  const skipped = (r: { blank: number; duplicates_in_file: number; already_stored: number }) =>
    t('campaigns.wizard.codes.skipped', {
      blank: r.blank,
      duplicates: r.duplicates_in_file,
      existing: r.already_stored,
    });
  if (report.kind === 'added')
    return (
      <Alert color="green" variant="light" data-testid="code-report">
        <Text size="sm">{t('campaigns.wizard.codes.added', { count: report.report.added })}</Text>
        <Text size="sm">{skipped(report.report)}</Text>
      </Alert>
    );
  return (
    <Alert color="red" variant="light" data-testid="code-report">
      <Text size="sm">{translateServerMessage(t, report.message, UPLOAD_FIELD)}</Text>
      {report.report && <Text size="sm">{skipped(report.report)}</Text>}
      {report.lines && (
        <Text size="sm">
          {t('campaigns.wizard.codes.invalidLines', {
            count: report.lines.length,
            lines: report.lines.join(', '),
          })}
        </Text>
      )}
    </Alert>
  );
}

export function CodesSection({ campaignId, warnWhenEmpty, prizeNeed, canAdd }: CodesSectionProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [report, setReport] = useState<CodeReport | undefined>();
  const list = useCodeList(campaignId, page);
  const data = list.data;
  const onAdded = (answer: TCodeImportResponse) => setReport({ kind: 'added', report: answer });
  // A coupon whose handed-out codes took it below the threshold, while codes can still be added.
  const runningLow =
    warnWhenEmpty &&
    canAdd &&
    data !== undefined &&
    data.used > 0 &&
    data.available > 0 &&
    codesRunLow({ total: data.provided, left: data.available });
  const stat = (label: string, value: number | undefined, testId: `codes-${string}`) => (
    <Text size="sm">
      {label}:{' '}
      <Text span fw={600} data-testid={testId}>
        {value === undefined ? '–' : formatCount(value)}
      </Text>
    </Text>
  );
  return (
    <Card withBorder radius="md" data-testid="codes-section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('campaigns.wizard.codes.title')}
          </Title>
          <Group gap="lg">
            {stat(t('campaigns.wizard.codes.available'), data?.available, `codes-available`)}
            {stat(t('campaigns.wizard.codes.used'), data?.used, `codes-used`)}
            {stat(t('campaigns.wizard.codes.provided'), data?.provided, `codes-provided`)}
          </Group>
        </Group>
        {warnWhenEmpty && data?.available === 0 && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            data-testid="codes-warning"
          >
            {t('campaigns.wizard.codes.noCodesWarning')}
          </Alert>
        )}
        {runningLow && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            data-testid="codes-low"
          >
            {t('campaigns.wizard.codes.lowWarning', { count: data.available })}
          </Alert>
        )}
        {prizeNeed !== undefined && prizeNeed > 0 && (
          <Text size="sm" c="dimmed">
            {t('campaigns.wizard.codes.prizeNeed', { count: prizeNeed })}
          </Text>
        )}
        {canAdd && (
          <>
            <CodeUpload campaignId={campaignId} onReport={setReport} />
            {report && <ReportAlert report={report} />}
            <Divider />
            <CodeGenerator campaignId={campaignId} onAdded={onAdded} />
            <Divider />
          </>
        )}
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadCodes(campaignId)}
            disabled={!data || data.provided === 0}
          >
            {t('campaigns.wizard.codes.download')}
          </Button>
        </Group>
        {data && data.codes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('campaigns.wizard.codes.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={400}>
            <Table striped data-testid="codes-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('campaigns.wizard.codes.code')}</Table.Th>
                  <Table.Th>{t('campaigns.wizard.codes.status')}</Table.Th>
                  <Table.Th>{t('campaigns.wizard.codes.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.codes.map((entry) => (
                  <Table.Tr key={entry.code}>
                    <Table.Td ff="monospace">{entry.code}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={entry.used ? 'gray' : 'green'}>
                        {entry.used
                          ? t('campaigns.wizard.codes.isUsed')
                          : t('campaigns.wizard.codes.isAvailable')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(entry.created)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPager pager={data?.pager} page={page} onPage={setPage} />
      </Stack>
    </Card>
  );
}
