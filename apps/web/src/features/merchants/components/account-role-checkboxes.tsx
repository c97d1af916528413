/** An account's roles as one checkbox each (docs/product.md#roles-and-access); a change saves them all. */
import { ACCOUNT_ROLES, type AccountRole, type TAccount } from '@backoffice/domain';
import { Checkbox, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AccountRoleCheckboxes({
  account,
  saving,
  onChange,
}: {
  account: TAccount;
  /** While a change of this account's roles is saved: each change is made of the roles shown. */
  saving: boolean;
  onChange: (roles: AccountRole[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      {ACCOUNT_ROLES.map((role) => (
        <Checkbox
          key={role}
          size="xs"
          label={t(`merchants.roles.${role}`)}
          aria-label={t('merchants.accounts.roleFor', {
            role: t(`merchants.roles.${role}`),
            email: account.email,
          })}
          checked={account.roles.includes(role)}
          disabled={saving}
          onChange={(event) =>
            onChange(
              event.currentTarget.checked
                ? ACCOUNT_ROLES.filter((r) => r === role || account.roles.includes(r))
                : account.roles.filter((r) => r !== role),
            )
          }
        />
      ))}
    </Group>
  );
}
