import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ScrollToTopProps {
  /** Pixels scrolled before the button shows: 300 in the app, 100 on the landing page (SPEC.md section 9). */
  threshold?: number;
}

/** SPEC.md section 9: the scroll handler is throttled to 200 ms so long pages stay smooth. */
const SCROLL_THROTTLE_MS = 200;

export function ScrollToTop({ threshold = 300 }: ScrollToTopProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const onScroll = useThrottledCallback(() => setVisible(window.scrollY > threshold), SCROLL_THROTTLE_MS);

  useEffect(() => {
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [onScroll]);

  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
      <Transition transition="slide-up" mounted={visible}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={44}
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
