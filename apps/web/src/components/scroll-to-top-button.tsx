import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';

/** The floating button of ScrollToTop, loaded the first time it is to be shown. */
export default function ScrollToTopButton({ visible, size, offset }: { visible: boolean; size: number; offset: number }) {
  const { t } = useTranslation();
  return (
    <Affix position={{ bottom: offset, right: offset }} zIndex={150}>
      <Transition transition="slide-up" mounted={visible}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={size}
            radius="xl"
            variant="filled"
            aria-label={t('common.scrollToTop')}
            title={t('common.scrollToTop')}
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <IconArrowUp size={22} stroke={2} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
