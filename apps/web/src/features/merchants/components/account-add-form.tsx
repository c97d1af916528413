/**
 * Adding an account to a merchant (docs/product.md#accounts): by the address
 * of a registered person, or by an invitation mail to it. Both start with the
 * manage-campaigns role; both are closed at the account limit.
 */
import { ZAccountEmail, ZAddAccountBody } from '@backoffice/domain';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { IconMailForward, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../shared/form/use-schema-form';
import { notifySuccess } from '../../../shared/ui/notify';
import { useAddAccount, useInviteAccount } from '../api/accounts';
import { notifyMerchantError, validationText } from '../merchant-errors';

/** The address field's schema: the domain's add body, its address alone. */
const EMAIL_FORM = ZAddAccountBody.pick({ user_email: true });
/** Options of form.getInputProps: a required field (docs/product.md#validation). */
const REQUIRED = { required: true };

export function AccountAddForm({
  merchantIdent,
  atLimit,
}: {
  merchantIdent: string;
  /** No account may be added (docs/product.md#roles-and-access). */
  atLimit: boolean;
}) {
  const { t } = useTranslation();
  const add = useAddAccount(merchantIdent);
  const invite = useInviteAccount(merchantIdent);
  const form = useSchemaForm({
    initialValues: { user_email: '' },
    // 'Bitte Email-Adresse angeben' for an empty or malformed address (docs/product.md#validation).
    schema: EMAIL_FORM,
    errorText: (key) => validationText(t, key),
  });

  // The address as the server stores it (the form's schema accepted it).
  const normalised = (values: { user_email: string }) => ZAccountEmail.parse(values.user_email);
  const onAdd = form.onSubmit((values) => {
    const userEmail = normalised(values);
    add.mutate(
      { user_email: userEmail, roles: ['manage-campaigns'] },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(t('merchants.accounts.added', { email: userEmail }));
        },
        onError: (error) => notifyMerchantError(t, error),
      },
    );
  });
  const onInvite = form.onSubmit((values) => {
    const userEmail = normalised(values);
    invite.mutate(
      { user_email: userEmail, roles: ['manage-campaigns'] },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(t('merchants.accounts.invitationSent', { email: userEmail }));
        },
        onError: (error) => notifyMerchantError(t, error),
      },
    );
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={onAdd} noValidate>
      <Group align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          label={t('merchants.accounts.email')}
          type="email"
          {...form.getInputProps('user_email', REQUIRED)}
          disabled={atLimit}
        />
        <Button
          type="submit"
          leftSection={<IconUserPlus size={16} aria-hidden />}
          loading={add.isPending}
          disabled={atLimit || invite.isPending}
        >
          {t('merchants.accounts.add')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconMailForward size={16} aria-hidden />}
          onClick={() => onInvite()}
          loading={invite.isPending}
          disabled={atLimit || add.isPending}
        >
          {t('merchants.accounts.invite')}
        </Button>
      </Group>
    </Paper>
  );
}
