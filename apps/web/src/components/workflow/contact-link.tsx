import { Anchor, Group } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';

/** A reporter's email or phone number, a link that writes or calls. */
export function ContactLink({ kind, value }: { kind: 'email' | 'phone'; value: string }) {
  const Icon = kind === 'email' ? IconMail : IconPhone;
  // A tel: link keeps only the digits and a leading +, as a phone dials them.
  const href = kind === 'email' ? `mailto:${value}` : `tel:${value.replace(/[^+0-9]/g, '')}`;
  return (
    <Anchor href={href} size="xs">
      <Group gap={4} wrap="nowrap">
        <Icon size={14} aria-hidden />
        {value}
      </Group>
    </Anchor>
  );
}
