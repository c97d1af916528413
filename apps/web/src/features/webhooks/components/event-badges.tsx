/** An endpoint's events as short labels. */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { eventLabel } from '../webhook-labels';

export function EventBadges({ events }: { events: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {events.map((event) => (
        <Badge key={event} variant="outline" color="gray" tt="none" fw={500}>
          {eventLabel(t, event)}
        </Badge>
      ))}
    </Group>
  );
}
