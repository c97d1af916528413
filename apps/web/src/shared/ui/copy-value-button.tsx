/** A button that copies a value (a secret shown once) and says so for a moment. */
import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export interface CopyValueButtonProps {
  value: string;
  /** The button's text before and after copying. */
  labels: { copy: string; copied: string };
}

export function CopyValueButton({ value, labels }: CopyValueButtonProps) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant="light"
          color={copied ? 'teal' : 'blue'}
          leftSection={
            copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
          }
          onClick={copy}
        >
          {copied ? labels.copied : labels.copy}
        </Button>
      )}
    </CopyButton>
  );
}
