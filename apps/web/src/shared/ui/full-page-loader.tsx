/** A centred spinner for whole-page waits (config, chunks, sign-in). */
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FullPageLoader() {
  const { t } = useTranslation();
  // The theme gives every Loader role="status".
  return (
    <Center mih="100vh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
