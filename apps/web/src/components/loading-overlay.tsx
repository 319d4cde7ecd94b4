import { Box, Loader, Portal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

/** Above every Mantine layer (modals and drawers sit at 200-300) but below the notifications (10000). */
const OVERLAY_Z_INDEX = 9000;

export interface LoadingOverlayProps {
  visible?: boolean;
  /** An optional line under the spinner, e.g. "Loading your workspace". */
  info?: string;
}

/** The full-screen loading overlay of docs/product.md#the-signed-in-shell: a spinner and an optional info line. */
export function LoadingOverlay({ visible = true, info }: LoadingOverlayProps) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <Portal>
      <Box
        role="status"
        aria-live="polite"
        aria-busy="true"
        pos="fixed"
        inset={0}
        style={{
          zIndex: OVERLAY_Z_INDEX,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'light-dark(rgba(255, 255, 255, 0.85), rgba(26, 27, 30, 0.85))',
          backdropFilter: 'blur(2px)',
        }}
      >
        <Stack align="center" gap="sm">
          <Loader size="lg" type="dots" aria-hidden="true" />
          {info ? (
            <Text size="sm" c="dimmed" ta="center" maw={320}>
              {info}
            </Text>
          ) : (
            <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
          )}
        </Stack>
      </Box>
    </Portal>
  );
}
