import { Alert, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CodeText } from '../code-text';

interface FormIntroProps {
  /** The record being changed: its code and its status badge; none on a new one. */
  editing: { code: string; badge: ReactNode } | null;
  /** What a new one is, said instead. */
  intro: string;
  /** Said under it while the record awaits approval (a change asks for it again). */
  pendingHint: string | null;
}

/** Atop a record's form: the code and status of the one being changed, or what a new one is. */
export function FormIntro({ editing, intro, pendingHint }: FormIntroProps) {
  return (
    <>
      {editing ? (
        <Group gap="sm" wrap="wrap">
          <CodeText fw={600}>{editing.code}</CodeText>
          {editing.badge}
        </Group>
      ) : (
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      )}
      {pendingHint ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {pendingHint}
        </Alert>
      ) : null}
    </>
  );
}
