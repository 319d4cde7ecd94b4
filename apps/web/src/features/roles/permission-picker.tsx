import { PERMISSION_HELP, type Permission } from '@amp/contracts/permissions';
import { Badge, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconLock, IconMinus } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n';
import { inCatalogueOrder, PERMISSION_GROUPS } from './permission-groups';

interface PermissionPickerProps {
  value: readonly string[];
  onChange(value: string[]): void;
  /** The permissions shown; the others are left out of the page altogether. */
  offered: ReadonlySet<string>;
  /** The permissions that can be ticked or unticked (the ones the signed-in user holds). */
  editable: ReadonlySet<string>;
  /** A system role: everything is shown, nothing can change. */
  readOnly?: boolean;
  error?: string;
}

/** Permission checkboxes in groups that follow the side menu, each with what it allows. */
export function PermissionPicker({ value, onChange, offered, editable, readOnly = false, error }: PermissionPickerProps) {
  const { t } = useTranslation();
  const selected = new Set(value);
  const groups = PERMISSION_GROUPS.map((group) => ({ ...group, permissions: group.permissions.filter((p) => offered.has(p)) })).filter(
    (group) => group.permissions.length > 0,
  );

  const set = (permissions: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const permission of permissions) {
      if (!editable.has(permission)) continue;
      if (on) next.add(permission);
      else next.delete(permission);
    }
    onChange(inCatalogueOrder(next));
  };

  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('roles.permissions.noneOffered')}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      {readOnly ? null : (
        <Text size="sm" c="dimmed">
          {t('roles.permissions.selected', { count: value.length })}
        </Text>
      )}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md">
        {groups.map((group) => {
          const changeable = readOnly ? [] : group.permissions.filter((p) => editable.has(p));
          const ticked = group.permissions.filter((p) => selected.has(p)).length;
          const tickedChangeable = changeable.filter((p) => selected.has(p)).length;
          const title = t(`roles.group.${group.key}`);
          return (
            <Fieldset
              key={group.key}
              legend={
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {title}
                  </Text>
                  <Badge size="sm" variant="light" color={ticked > 0 ? 'teal' : 'gray'}>
                    {ticked}/{group.permissions.length}
                  </Badge>
                </Group>
              }
              radius="md"
              p="md"
            >
              <Stack gap="sm">
                {changeable.length > 1 ? (
                  <Checkbox
                    label={t('roles.permissions.selectAll')}
                    aria-label={t('roles.permissions.allOfGroup', { group: title })}
                    checked={tickedChangeable === changeable.length}
                    indeterminate={tickedChangeable > 0 && tickedChangeable < changeable.length}
                    onChange={(event) => set(changeable, event.currentTarget.checked)}
                    fw={500}
                  />
                ) : null}
                {group.permissions.map((permission) => {
                  const locked = readOnly || !editable.has(permission);
                  const label = t(`roles.permission.${permission}`);
                  const help = t(`roles.permissionHelp.${permission}`, { defaultValue: PERMISSION_HELP[permission as Permission] });
                  // A help text that only repeats the label adds nothing.
                  const description = help.toLocaleLowerCase() === label.toLocaleLowerCase() ? undefined : help;
                  if (readOnly) {
                    // Greyed-out disabled checkboxes are hard to read; a read-only role is a plain list.
                    const held = selected.has(permission);
                    return (
                      <Group key={permission} gap="xs" wrap="nowrap" align="flex-start">
                        <ThemeIcon size={20} radius="xl" variant="light" color={held ? 'teal' : 'gray'} mt={1}>
                          {held ? <IconCheck size={13} aria-label={t('roles.permissions.granted')} /> : <IconMinus size={13} />}
                        </ThemeIcon>
                        <Stack gap={0}>
                          <Text size="sm">{label}</Text>
                          {description ? (
                            <Text size="xs" c="dimmed">
                              {description}
                            </Text>
                          ) : null}
                        </Stack>
                      </Group>
                    );
                  }
                  return (
                    <Group key={permission} gap={6} wrap="nowrap" align="flex-start">
                      <Checkbox
                        value={permission}
                        checked={selected.has(permission)}
                        disabled={locked}
                        onChange={(event) => set([permission], event.currentTarget.checked)}
                        label={label}
                        description={description}
                        style={{ flex: 1 }}
                      />
                      {locked ? (
                        <Tooltip label={t('roles.permissions.notHeld')} multiline w={220}>
                          <IconLock
                            size={14}
                            role="img"
                            aria-label={t('roles.permissions.notHeld')}
                            style={{ marginTop: 3, flexShrink: 0 }}
                          />
                        </Tooltip>
                      ) : null}
                    </Group>
                  );
                })}
              </Stack>
            </Fieldset>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
