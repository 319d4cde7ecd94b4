import { Group, Text } from '@mantine/core';

/** The AMP mark: a gear around a check, drawn inline because the CSP allows only our own origin. */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const ring = inverted ? '#ffffff' : 'var(--mantine-color-teal-6)';
  const check = inverted ? 'var(--mantine-color-teal-7)' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="8" fill={ring} />
      <path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke={check} strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The mark with the product name; the name is a proper noun and is not translated. */
export function BrandLogo({ size = 32, inverted = false, withName = true }: { size?: number; inverted?: boolean; withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <BrandMark size={size} inverted={inverted} />
      {withName ? (
        <Text fw={800} fz={size * 0.6} c={inverted ? 'white' : undefined} style={{ letterSpacing: 0.5 }}>
          AMP
        </Text>
      ) : null}
    </Group>
  );
}
