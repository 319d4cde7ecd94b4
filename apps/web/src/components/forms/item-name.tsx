import { Text } from '@mantine/core';

interface ItemNameProps {
  name: string;
  brand?: string | null;
  model?: string | null;
}

/** An item's name, and its brand and model under it when it has them; laid out by the stack around it. */
export function ItemName({ name, brand, model }: ItemNameProps) {
  const details = [brand, model].filter(Boolean).join(' · ');
  return (
    <>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      {details ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {details}
        </Text>
      ) : null}
    </>
  );
}
