import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A code (asset ID, cluster ID, location ID) in the theme's one monospace face, never broken
 * across lines: "LOC-IKJ-0042" breaking at its hyphens reads as two codes.
 */
export function CodeText({ children, ...props }: TextProps & { children: ReactNode }) {
  return (
    <Text component="span" ff="monospace" fz="sm" {...props} style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}
