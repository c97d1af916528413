/**
 * /access-code-sets/{id} (admins; id may be `create`): the set's form, and
 * after the first save its codes and linked campaigns (docs/product.md#access-code-sets). Success
 * alerts say created or updated (docs/product.md#messages).
 */
import type { TAccessCodeSetSaveBody } from '@backoffice/domain';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useAccessCodeSet, useSaveAccessCodeSet } from '../api/access-code-sets';
import { AccessCodeSetForm } from '../components/access-code-set-form';
import { CodeSection } from '../components/code-section';
import { LinkedCampaignsSection } from '../components/linked-campaigns-section';

const CREATE = 'create';

export function AccessCodeSetEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: param } = useParams();
  const id = param === CREATE ? undefined : param;
  const loaded = useAccessCodeSet(id);
  const save = useSaveAccessCodeSet(id);
  const set = loaded.data?.access_code_set;

  if (id !== undefined && !set) return <QueryState query={loaded} />;

  const onSave = (input: TAccessCodeSetSaveBody) =>
    save.mutateAsync(input, {
      onSuccess: ({ access_code_set: saved }) => {
        if (id === undefined) {
          notifySuccess(t('accessCodeSets.alerts.created', { name: saved.name }));
          void navigate(paths.accessCodeSets.edit({ id: saved.id }), { replace: true });
        } else {
          notifySuccess(t('accessCodeSets.alerts.updated', { name: saved.name }));
        }
      },
    });

  return (
    <Stack gap="md" py="md" maw={960}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{set ? set.name : t('accessCodeSets.edit.createTitle')}</Title>
          <Text c="dimmed" size="sm">
            {set ? t('accessCodeSets.edit.intro') : t('accessCodeSets.edit.createIntro')}
          </Text>
        </div>
        {set && (
          <Anchor component={Link} to={paths.accessCodeSets.codeUsage({ ident: set.id })}>
            {t('accessCodeSets.actions.usage')}
          </Anchor>
        )}
      </Group>
      {/* Keyed by the set, so that the form starts from what was saved. */}
      <AccessCodeSetForm
        key={set?.id ?? CREATE}
        set={set}
        saving={save.isPending}
        onSave={onSave}
        onClose={() => void navigate(paths.accessCodeSets.list())}
      />
      {set && <CodeSection setId={set.id} />}
      {set && <LinkedCampaignsSection setId={set.id} />}
    </Stack>
  );
}

export { AccessCodeSetEditPage as Component };
