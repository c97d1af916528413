/**
 * A merchant without campaigns starts here: what a
 * campaign brings, and the button that creates the first one. Only users who
 * may manage the merchant's campaigns see the dashboard's figures at all, and
 * every one of them may create campaigns.
 */
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';

function FirstSteps({ merchantIdent }: { merchantIdent: string }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="first-steps"
      data-testid="first-steps"
    >
      <Group gap="xs" mb="xs" wrap="nowrap">
        <IconSparkles size={20} aria-hidden />
        <Title order={2} size="h4" id="first-steps">
          {t('dashboard.firstSteps.title')}
        </Title>
      </Group>
      <Text mb="md" maw={640}>
        {t('dashboard.firstSteps.text')}
      </Text>
      <Button component={Link} to={paths.campaigns.create({ merchantIdent })}>
        {t('dashboard.firstSteps.create')}
      </Button>
    </Paper>
  );
}

export { FirstSteps as default };
