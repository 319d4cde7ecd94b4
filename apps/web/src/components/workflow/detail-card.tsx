import { type MantineSpacing, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface DetailCardProps {
  title: string;
  children: ReactNode;
  /** Takes its grid cell's whole height, so the cards of a row end level. */
  fill?: boolean;
  gap?: MantineSpacing;
}

/** A titled part of a detail page, a region named by its title (screen readers list them; tests find them). */
export function DetailCard({ title, children, fill = false, gap = 'sm' }: DetailCardProps) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h={fill ? '100%' : undefined}>
      <Stack gap={gap}>
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
