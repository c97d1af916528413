/**
 * The fields of a form that may be locked: a fieldset without a frame, whose
 * `disabled` reaches every field and button inside it (a form the user may
 * only view, or one whose save is on its way), and the grey note that says
 * why a form can only be viewed.
 */
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';

const FRAMELESS = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

export function LockableFields({ style, ...props }: ComponentPropsWithRef<'fieldset'>) {
  return <fieldset {...props} style={{ ...FRAMELESS, ...style }} />;
}

export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={20} aria-hidden />}>
      {children}
    </Alert>
  );
}
