/** The campaign's terms of participation: a list to add to, reorder and shorten. */
import { CAMPAIGN_TEXT_LIMITS } from '@backoffice/domain';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface RulesListProps {
  rules: string[];
  onChange: (rules: string[]) => void;
}

function move(rules: string[], from: number, to: number): string[] {
  const next = [...rules];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

export function RulesList({ rules, onChange }: RulesListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="rules">
      <Text size="sm" fw={500}>
        {t('campaigns.wizard.content.rules')}
      </Text>
      {rules.map((rule, index) => {
        const number = index + 1;
        return (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={t('campaigns.wizard.content.rule', { number })}
              value={rule}
              maxLength={CAMPAIGN_TEXT_LIMITS.rule}
              onChange={(event) =>
                onChange(
                  rules.map((current, at) => (at === index ? event.currentTarget.value : current)),
                )
              }
            />
            <ActionIcon
              variant="default"
              size="lg"
              disabled={index === 0}
              aria-label={t('campaigns.wizard.content.moveRuleUp', { number })}
              onClick={() => onChange(move(rules, index, index - 1))}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              disabled={index === rules.length - 1}
              aria-label={t('campaigns.wizard.content.moveRuleDown', { number })}
              onClick={() => onChange(move(rules, index, index + 1))}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('campaigns.wizard.content.removeRule', { number })}
              onClick={() => onChange(rules.filter((_, at) => at !== index))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...rules, ''])}
        >
          {t('campaigns.wizard.content.addRule')}
        </Button>
      </Group>
    </Stack>
  );
}
