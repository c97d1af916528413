/**
 * The CSV upload of locations (docs/product.md#api-calls multiple-locations): template
 * download, upload, the refusal listed by line, and the progress of the
 * background geocoding (docs/product.md#locations: seconds per address).
 */
import {
  LOCATION_CSV_TEMPLATE,
  type TLocationImportJob,
  type TUploadLineError,
} from '@backoffice/domain';
import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { downloadText, withBom } from '../../../shared/csv';
import { formatDateTime } from '../../../shared/format/date-time';
import { notifyError } from '../../../shared/ui/notify';
import { useImportJob, useUploadLocations } from '../api/locations';
import { merchantKeys } from '../../../shared/resources/merchants/merchant-keys';
import { ApiError } from '../../../shared/api/api-error';
import { fieldLabel } from '../../../shared/i18n/field-label';
import { lineMessage, notifyMerchantError } from '../merchant-errors';

function downloadTemplate() {
  // With a BOM, so that spreadsheet programs read the umlauts as UTF-8.
  downloadText(withBom(LOCATION_CSV_TEMPLATE), 'standorte-vorlage.csv');
}

/**
 * One refused line: its number and column where the refusal names them (a
 * refusal of the whole file, such as too many rows, names neither; one of
 * a line, such as bytes that are no text, no column).
 */
function lineErrorText(t: TFunction, error: TUploadLineError): string {
  const message = lineMessage(t, error.message, { limit: error.limit });
  if (error.line < 1) return message;
  if (!error.field) return t('merchants.upload.lineErrorNoField', { line: error.line, message });
  return t('merchants.upload.lineError', {
    line: error.line,
    field: fieldLabel(t, error.field),
    message,
  });
}

/**
 * The progress in words: rows geocoded so far, or the result; rows waiting
 * for another attempt while the geocoding service does not answer; rows it
 * never answered for (not the same as "nicht gefunden": the address is
 * unchecked, and saving the location tries again).
 */
export function progressLines(t: TFunction, progress: TLocationImportJob): string[] {
  const lines = [
    progress.status === 'running'
      ? t('merchants.upload.running', { processed: progress.processed, count: progress.total })
      : t('merchants.upload.done', {
          count: progress.total,
          found: progress.found,
          notFound: progress.not_found,
        }),
  ];
  if (progress.status === 'running' && progress.retrying > 0) {
    lines.push(
      t('merchants.upload.retrying', {
        count: progress.retrying,
        next: formatDateTime(progress.next_retry_at),
      }),
    );
  }
  if (progress.geocoder_failed > 0) {
    lines.push(t('merchants.upload.geocoderFailed', { count: progress.geocoder_failed }));
  }
  return lines;
}

function lineErrorsOf(error: unknown): TUploadLineError[] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body as { errors?: TUploadLineError[] } | undefined;
  return Array.isArray(body?.errors) ? body.errors : [];
}

export function LocationUpload({
  merchantIdent,
  runningJob,
}: {
  merchantIdent: string;
  runningJob: TLocationImportJob | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useUploadLocations(merchantIdent);
  const [jobId, setJobId] = useState<string | undefined>(runningJob?.id);
  const [lineErrors, setLineErrors] = useState<TUploadLineError[]>([]);
  const job = useImportJob(merchantIdent, jobId);
  const status = job.data?.status;

  useEffect(() => {
    // The list shows the geocoded rows once the job is through (and while it runs, its progress);
    // the list alone: the job asks for itself.
    void queryClient.invalidateQueries({
      queryKey: merchantKeys.locations(merchantIdent),
      exact: true,
    });
  }, [status, job.data?.processed, merchantIdent, queryClient]);

  const choose = (file: File | null) => {
    if (!file) {
      notifyError(t('errors.server.no_upload_file'));
      return;
    }
    setLineErrors([]);
    upload.mutate(file, {
      onSuccess: (answer) => setJobId(answer.job.id),
      onError: (error) => {
        setLineErrors(lineErrorsOf(error));
        notifyMerchantError(t, error);
      },
    });
  };

  const progress = job.data;
  const percent = progress && progress.total > 0 ? (progress.processed / progress.total) * 100 : 0;

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('merchants.upload.title')}
        </Title>
        <Text size="sm">{t('merchants.upload.hint')}</Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={downloadTemplate}
          >
            {t('merchants.upload.template')}
          </Button>
          <FileButton onChange={choose} accept=".csv,text/csv">
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
              >
                {t('merchants.upload.choose')}
              </Button>
            )}
          </FileButton>
        </Group>
        {lineErrors.length > 0 && (
          <Alert color="red" variant="light" title={t('merchants.upload.refused')}>
            <List size="sm" data-testid="upload-errors">
              {lineErrors.map((error, index) => (
                <List.Item key={index}>{lineErrorText(t, error)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {progress && (
          <Stack gap={4} data-testid="upload-progress">
            <Progress
              value={percent}
              animated={progress.status === 'running'}
              aria-label={t('merchants.upload.progressLabel')}
            />
            {progressLines(t, progress).map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
