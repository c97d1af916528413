/**
 * What a page that loads one object shows until it has it: a spinner while
 * it loads, the not-found notice only when the server answered 404, and for
 * every other failure (a 5xx, a timeout, no network) that the load failed,
 * with the error's text (the spec's line and the request id below it) and a
 * button that tries again. Queries do not retry
 * by themselves (shared/api/query-client.ts), so one slow answer must not
 * make an object look deleted.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { requestFailureText } from '../api/error-text';
import { NotFoundPage } from './not-found-page';
import { StateNotice } from './state-notice';

/** What QueryState reads of a TanStack query (a `useQuery` result). */
export interface LoadingQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** True when the server said the object does not exist (not merely that it could not answer). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.kind === 'http' && error.status === 404;

export interface QueryStateProps {
  /** The query of the object, while it has no data. */
  query: LoadingQuery;
  /** What a 404 shows; the app's not-found page by default. */
  notFound?: ReactNode;
}

export function QueryState({ query, notFound }: QueryStateProps) {
  if (!query.isError) return <StateNotice state="loading" />;
  if (isNotFound(query.error)) return <>{notFound ?? <NotFoundPage />}</>;
  return <LoadFailed query={query} />;
}

/** The failed load: what went wrong, and another try. */
export function LoadFailed({ query }: { query: LoadingQuery }) {
  const { t } = useTranslation();
  // The product's words first, the spec's line and the request's id smaller below them.
  const { message, technical } = requestFailureText(t, query.error);
  const requestId = query.error instanceof ApiError ? query.error.requestId : undefined;
  return (
    <Stack py="md" maw={720} data-testid="load-failed">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={20} aria-hidden />}
        title={t('loadFailed.title')}
      >
        <Text size="sm">{message}</Text>
        <Text size="xs" c="dimmed" mt={4}>
          {technical}
        </Text>
        {requestId && (
          <Text size="xs" c="dimmed">
            {t('errors.requestId', { id: requestId })}
          </Text>
        )}
      </Alert>
      <div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('actions.retry')}
        </Button>
      </div>
    </Stack>
  );
}
