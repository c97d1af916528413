/** The status history, loaded when asked for (docs/product.md#campaign-states: "can be loaded on the review page"). */
import { Button, Card, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusHistory } from '../../components/status-history';

export function StatusHistoryOnDemand({ campaignIdent }: { campaignIdent: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (shown) return <StatusHistory campaignIdent={campaignIdent} />;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="history-title">
      <Title order={2} size="h4" id="history-title" mb="sm">
        {t('campaigns.overview.history')}
      </Title>
      <Button
        variant="light"
        leftSection={<IconHistory size={16} aria-hidden />}
        onClick={() => setShown(true)}
        w="fit-content"
      >
        {t('campaigns.summary.loadHistory')}
      </Button>
    </Card>
  );
}
