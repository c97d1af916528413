/**
 * The codes of a set (docs/product.md#access-code-sets): provided and used counts,
 * the codes of a short list, a paste box (one code per line) and an upload
 * for long lists; each import reports added codes, duplicates and blank
 * lines. Without codes a warning says none are available (docs/product.md#access-code-sets).
 */
import { ACCESS_CODE_IMPORT_MAX_BYTES, type TAccessCodesImportResponse } from '@backoffice/domain';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format/number';
import { notifyError, notifyInfo, notifySuccess } from '../../../shared/ui/notify';
import { useCodeStats, useImportCodes, type CodeImport } from '../api/codes';

export function CodeSection({ setId }: { setId: string }) {
  const { t } = useTranslation();
  const stats = useCodeStats(setId);
  const importCodes = useImportCodes(setId);
  const [text, setText] = useState('');
  const codes = stats.data?.codes;

  const report = ({ import: result }: TAccessCodesImportResponse) => {
    // Each count with its own singular or plural ("1 Leerzeile", "2 Leerzeilen").
    const counted = (key: 'addedCodes' | 'duplicates' | 'blankLines', count: number): string =>
      t(`accessCodeSets.codes.${key}`, { count, formatted: formatCount(count) });
    const counts = {
      added: counted('addedCodes', result.added),
      duplicates: counted('duplicates', result.duplicates),
      blank: counted('blankLines', result.blank_lines),
    };
    if (result.added === 0) {
      // The spec's text on a line of its own (docs/product.md#access-code-sets), what was skipped below it.
      notifyInfo(
        <>
          <Text size="sm">{t('accessCodeSets.codes.noneAdded')}</Text>
          <Text size="sm" c="dimmed">
            {t('accessCodeSets.codes.noneAddedCounts', counts)}
          </Text>
        </>,
      );
    } else notifySuccess(t('accessCodeSets.codes.added', counts));
  };
  const run = (input: CodeImport) =>
    importCodes.mutate(input, {
      onSuccess: (answer) => {
        report(answer);
        if ('text' in input) setText('');
      },
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="codes-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="codes-title">
            {t('accessCodeSets.codes.title')}
          </Title>
          {codes && (
            <Group gap="xs">
              <Badge variant="light" size="lg">
                {t('accessCodeSets.codes.provided', {
                  count: codes.provided,
                  formatted: formatCount(codes.provided),
                })}
              </Badge>
              <Badge variant="light" color="grape" size="lg">
                {t('accessCodeSets.codes.used', {
                  count: codes.used,
                  formatted: formatCount(codes.used),
                })}
              </Badge>
            </Group>
          )}
        </Group>
        {codes && codes.provided === 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {t('accessCodeSets.codes.noCodes')}
          </Alert>
        )}
        {codes?.list_codes && codes.codes.length > 0 && (
          <ScrollArea.Autosize mah={200} type="auto">
            <Text
              component="ul"
              aria-label={t('accessCodeSets.codes.listLabel')}
              size="sm"
              ff="monospace"
              style={{ columns: '12rem', listStyle: 'none', margin: 0, padding: 0 }}
            >
              {codes.codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </Text>
          </ScrollArea.Autosize>
        )}
        {codes && !codes.list_codes && (
          <Text size="sm" c="dimmed">
            {t('accessCodeSets.codes.tooManyToList')}
          </Text>
        )}
        <Textarea
          label={t('accessCodeSets.codes.pasteLabel')}
          description={t('accessCodeSets.codes.pasteHint')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={12}
          ff="monospace"
        />
        <Group justify="space-between">
          <FileButton
            accept="text/plain,text/csv,.txt,.csv"
            onChange={(file) => {
              if (!file) return;
              if (file.size > ACCESS_CODE_IMPORT_MAX_BYTES) {
                notifyError(t('errors.server.upload_too_large', { field: '' }));
                return;
              }
              run({ file });
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={importCodes.isPending}
              >
                {t('accessCodeSets.codes.upload')}
              </Button>
            )}
          </FileButton>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={text.trim() === ''}
            loading={importCodes.isPending}
            onClick={() => run({ text })}
          >
            {t('accessCodeSets.codes.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
