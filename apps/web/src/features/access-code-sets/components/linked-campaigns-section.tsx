/**
 * The campaigns a set is linked to (docs/product.md#access-code-sets): add one by its id (Enter), see
 * title, type and id, remove one. Without links a warning says so (docs/product.md#access-code-sets).
 */
import { ZUuid } from '@backoffice/domain';
import {
  ActionIcon,
  Alert,
  Code,
  Paper,
  Stack,
  Table,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { translateServerMessage } from '../../../shared/api/error-text';
import { campaignTypeLabel } from '../../../shared/resources/campaigns/campaign-type-label';
import { localisedText } from '../../../shared/format/localised-text';
import { useKeepFocus } from '../../../shared/ui/use-keep-focus';
import { useLinkedCampaigns, useSaveLinks } from '../api/links';

export function LinkedCampaignsSection({ setId }: { setId: string }) {
  const { t, i18n } = useTranslation();
  const links = useLinkedCampaigns(setId);
  const save = useSaveLinks(setId);
  const [ident, setIdent] = useState('');
  const [error, setError] = useState<string | undefined>();
  // The field and the buttons rest while the list is saved: the focus comes
  // back to the field (after Enter) or the button, else (its row is gone) to the field.
  const inputRef = useRef<HTMLInputElement>(null);
  const sectionRef = useKeepFocus<HTMLDivElement>(save.isPending, { fallback: inputRef });
  const campaigns = links.data?.campaign_to_access_code_set;
  const idents = campaigns?.map((campaign) => campaign.ident) ?? [];

  const saveList = (next: string[], onSaved?: () => void) => {
    setError(undefined);
    save.mutate(next, {
      onSuccess: () => onSaved?.(),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400) {
          setError(translateServerMessage(t, failure.serverMessage, failure.field));
        }
      },
    });
  };
  const add = () => {
    const candidate = ident.trim().toLowerCase();
    if (!ZUuid.safeParse(candidate).success) {
      setError(t('accessCodeSets.links.invalidId'));
      return;
    }
    if (idents.includes(candidate)) {
      setIdent('');
      return;
    }
    saveList([...idents, candidate], () => setIdent(''));
  };

  return (
    <Paper
      ref={sectionRef}
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="links-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="links-title">
          {t('accessCodeSets.links.title')}
        </Title>
        {campaigns && campaigns.length === 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {t('accessCodeSets.links.none')}
          </Alert>
        )}
        <TextInput
          ref={inputRef}
          label={t('accessCodeSets.links.addLabel')}
          description={t('accessCodeSets.links.addHint')}
          value={ident}
          onChange={(event) => {
            setIdent(event.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={error}
          disabled={save.isPending}
          ff="monospace"
        />
        {campaigns && campaigns.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('accessCodeSets.links.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('accessCodeSets.links.campaign')}</Table.Th>
                  <Table.Th>{t('accessCodeSets.fields.type')}</Table.Th>
                  <Table.Th>{t('accessCodeSets.links.id')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('accessCodeSets.fields.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {campaigns.map((campaign) => {
                  const title = localisedText(campaign.title, i18n.language) || '—';
                  return (
                    <Table.Tr key={campaign.ident}>
                      <Table.Td fw={600}>{title}</Table.Td>
                      <Table.Td>{campaignTypeLabel(t, campaign.type)}</Table.Td>
                      <Table.Td>
                        <Code>{campaign.ident}</Code>
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('accessCodeSets.links.remove', { id: campaign.ident })}
                          disabled={save.isPending}
                          onClick={() =>
                            saveList(idents.filter((other) => other !== campaign.ident))
                          }
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
