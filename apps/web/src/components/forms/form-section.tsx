import { Divider, SimpleGrid, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/** A field across both columns of a two-column section. */
export const FULL_ROW = { gridColumn: '1 / -1' } as const;

/** A section's title on a divider line; a page's form uses level 2, a dialog's level 3. */
export function FormSectionTitle({ title, order = 2 }: { title: string; order?: TitleOrder }) {
  return (
    <Divider
      label={
        <Title order={order} size="h5" c="dark">
          {title}
        </Title>
      }
      labelPosition="left"
    />
  );
}

interface FormSectionProps {
  title: string;
  /** A line under the title. */
  hint?: string;
  order?: TitleOrder;
  /** Lays the fields in two columns from the small breakpoint on (FULL_ROW spans both). */
  twoColumns?: boolean;
  children: ReactNode;
}

/** One titled part of a form: its title, an optional hint, then its fields. */
export function FormSection({ title, hint, order, twoColumns = false, children }: FormSectionProps) {
  return (
    <Stack gap="sm">
      <FormSectionTitle title={title} order={order} />
      {hint ? (
        <Text size="xs" c="dimmed" mt={-6}>
          {hint}
        </Text>
      ) : null}
      {twoColumns ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" style={{ alignItems: 'start' }}>
          {children}
        </SimpleGrid>
      ) : (
        children
      )}
    </Stack>
  );
}
