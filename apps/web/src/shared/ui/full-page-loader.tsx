/** A centred spinner for whole-page waits (config, chunks, sign-in). */
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
}
