import { Alert, type MantineColor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** Why a record stands where it stands: a titled alert with the typed reason or note under it, its line breaks kept. */
export function ReasonAlert({ color, title, text }: { color: MantineColor; title: string; text?: string | null }) {
  return (
    <Alert color={color} icon={<IconInfoCircle size={18} />} title={title}>
      {text ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      ) : null}
    </Alert>
  );
}
