/**
 * One action of a table row (a DataTable's actions column): a small button
 * with its icon and short text, whose accessible name names the row ("Edit
 * Modehaus Adler"), so that a screen reader's list of buttons tells the rows
 * apart. A link where the action opens a page.
 */
import { Button, type MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface RowActionProps {
  /** The visible text ("Bearbeiten"). */
  label: string;
  /** The accessible name, naming the row. */
  named: string;
  icon: Icon;
  variant?: 'light' | 'subtle' | 'filled';
  color?: MantineColor;
  /** The page the action opens; otherwise it is a button. */
  to?: string;
  onClick?: () => void;
  loading?: boolean;
  disabled?: boolean;
  /** The action asks first (a dialog opens). */
  asks?: boolean;
}

export function RowAction({
  label,
  named,
  icon: ActionIcon,
  variant = 'light',
  color,
  to,
  onClick,
  loading,
  disabled,
  asks = false,
}: RowActionProps) {
  const props = {
    size: 'xs',
    variant,
    color,
    leftSection: <ActionIcon size={14} aria-hidden />,
    'aria-label': named,
    loading,
    disabled,
    style: { whiteSpace: 'nowrap' },
    ...(asks ? { 'aria-haspopup': 'dialog' as const } : {}),
  } as const;
  return to === undefined ? (
    <Button {...props} onClick={onClick}>
      {label}
    </Button>
  ) : (
    <Button component={Link} to={to} {...props}>
      {label}
    </Button>
  );
}
