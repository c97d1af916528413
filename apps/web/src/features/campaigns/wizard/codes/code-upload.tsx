/** The code file upload with its progress and the report of what was added or skipped. */
import type { TCampaignCodeImportReport, TCodeImportResponse } from '@backoffice/domain';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/api-error';
import { notifyError } from '../../../../shared/ui/notify';
import { useUploadCodes } from '../../api/multiple-codes';

export type CodeReport =
  | { kind: 'added'; report: TCampaignCodeImportReport }
  | { kind: 'refused'; message: string; report?: TCampaignCodeImportReport; lines?: number[] };

/** What a refused addition says: its message, what was skipped, the invalid lines. */
export function refusalOf(error: unknown): CodeReport | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const body = (error.body ?? {}) as Partial<TCampaignCodeImportReport> & { lines?: number[] };
  return {
    kind: 'refused',
    message: error.serverMessage ?? 'bad_input',
    ...(typeof body.added === 'number' ? { report: body as TCampaignCodeImportReport } : {}),
    ...(Array.isArray(body.lines) ? { lines: body.lines } : {}),
  };
}

export function CodeUpload({
  campaignId,
  onReport,
}: {
  campaignId: string;
  onReport: (report: CodeReport) => void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadCodes(campaignId, setProgress);
  const choose = (file: File | null) => {
    if (!file) {
      notifyError(t('errors.server.no_upload_file'));
      return;
    }
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (answer: TCodeImportResponse) => onReport({ kind: 'added', report: answer }),
      onError: (error) => {
        const refusal = refusalOf(error);
        if (refusal) onReport(refusal);
      },
      onSettled: () => setProgress(null),
    });
  };
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Stack gap="xs">
      <Group>
        <FileButton onChange={choose} accept=".txt,.csv,text/plain,text/csv">
          {(props) => (
            <Button
              {...props}
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
            >
              {t('campaigns.wizard.codes.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('campaigns.wizard.codes.uploadHint')}
        </Text>
      </Group>
      {progress !== null && (
        <Stack gap={2} data-testid="code-upload-progress">
          <Progress value={percent} aria-label={t('campaigns.wizard.codes.uploadProgress')} />
          <Text size="xs" c="dimmed">
            {t('campaigns.wizard.codes.uploading', { percent })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
