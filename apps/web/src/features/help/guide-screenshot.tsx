import { Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import classes from './help.module.css';

/**
 * A guide's screenshot in the reader's language, else the English one, else a placeholder: the
 * pictures are taken by a script and a language may not have them yet; a broken image never shows.
 */
export function GuideScreenshot({ slug, alt }: { slug: string; alt: string }) {
  const { t, i18n } = useTranslation();
  const sources = [...new Set([i18n.language, 'en'])].map((lang) => `/help/screenshots/${lang}/${slug}.jpg`);
  const [failed, setFailed] = useState<{ slug: string; count: number }>({ slug, count: 0 });
  const failures = failed.slug === slug ? failed.count : 0;
  const src = sources[failures];

  if (!src) {
    return (
      <Stack className={classes.screenshot} align="center" justify="center" gap="xs" c="dimmed" role="img" aria-label={alt}>
        <IconPhoto size={40} stroke={1.4} aria-hidden />
        <Text size="sm" ta="center" px="md">
          {t('help.guide.screenshotMissing')}
        </Text>
      </Stack>
    );
  }
  return (
    <img
      key={src}
      src={src}
      alt={alt}
      className={classes.screenshot}
      loading="lazy"
      decoding="async"
      onError={() => setFailed({ slug, count: failures + 1 })}
    />
  );
}
