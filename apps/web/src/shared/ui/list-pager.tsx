/** The list footer's pager (docs/product.md#records-and-fields "the pager"): previous and next from the server's pager links. */
import { pageCount, type TPager } from '@backoffice/domain';
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ListPagerProps {
  pager: TPager | undefined;
  page: number;
  onPage: (page: number) => void;
}

export function ListPager({ pager, page, onPage }: ListPagerProps) {
  const { t } = useTranslation();
  if (!pager) return null;
  const link = (rel: Extract<TPager['links'][number]['rel'], 'prev' | 'next'>) =>
    pager.links.find((candidate) => candidate.rel === rel);
  const prev = link('prev');
  const next = link('next');
  const pages = pageCount(pager);
  return (
    <Group gap="xs" aria-label={t('pagination.label')} role="navigation">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={!prev}
        onClick={() => prev && onPage(prev.page)}
      >
        {t('pagination.previous')}
      </Button>
      <Text size="sm" c="dimmed">
        {t(pager.total_entries_estimated ? 'pagination.pageOfAbout' : 'pagination.pageOf', {
          page: Math.min(page, pages),
          pages,
        })}
      </Text>
      <Button
        variant="default"
        size="sm"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={!next}
        onClick={() => next && onPage(next.page)}
      >
        {t('pagination.next')}
      </Button>
    </Group>
  );
}
