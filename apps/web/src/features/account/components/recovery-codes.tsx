/** Recovery codes, shown once: a list to copy or to download as a text file. */
import { Alert, Button, CopyButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('twoFactor.recovery.fileName');
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text fw={600} component="h2" size="lg">
          {t('twoFactor.recovery.title')}
        </Text>
        <Alert color="yellow" variant="light">
          {t('twoFactor.recovery.intro')}
        </Alert>
        <List
          type="ordered"
          ff="monospace"
          fz="md"
          data-testid="recovery-codes"
          style={{ columns: 2 }}
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group>
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? t('twoFactor.recovery.copied') : t('twoFactor.recovery.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="light"
            onClick={download}
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('twoFactor.recovery.download')}
          </Button>
          <Button onClick={onDone}>{t('twoFactor.recovery.done')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
