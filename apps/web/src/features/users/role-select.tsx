import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n';
import { useAssignableRoles } from './users-api';

/** The roles the signed-in user may give (GET /v2/role/assign), system roles first. */
export function RoleSelect({ error, disabled, ...props }: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const roles = useAssignableRoles();
  const data = useMemo(() => {
    const list = roles.data ?? [];
    const group = (system: boolean) =>
      list
        .filter((role) => role.system === system)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((role) => ({ value: role._id, label: role.name }));
    return [
      { group: t('users.roles.system'), items: group(true) },
      { group: t('users.roles.custom'), items: group(false) },
    ].filter((entry) => entry.items.length > 0);
  }, [roles.data, t]);

  return (
    <Select
      searchable
      nothingFoundMessage={t('users.roles.none')}
      placeholder={roles.isPending ? t('users.roles.loading') : t('users.roles.placeholder')}
      {...props}
      disabled={roles.isPending || disabled}
      error={error ?? (roles.isError ? t('users.roles.loadFailed') : undefined)}
      data={data}
    />
  );
}

interface RoleFieldProps<T extends FieldValues, TOutput extends FieldValues> {
  control: Control<T, unknown, TOutput>;
  /** The form's role id field (a string, empty when none is chosen). */
  name: Path<T>;
}

/** The required role field of the add and edit user forms. */
export function RoleField<T extends FieldValues, TOutput extends FieldValues>({ control, name }: RoleFieldProps<T, TOutput>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RoleSelect
          label={t('users.field.role')}
          withAsterisk
          name={field.name}
          ref={field.ref}
          value={(field.value as string) || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
