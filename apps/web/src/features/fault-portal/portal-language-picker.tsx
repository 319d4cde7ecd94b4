import { LANGUAGES, type Language } from '@amp/contracts/languages';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { changeLanguage, LANGUAGE_NAMES, storedLanguage, useTranslation } from '../../lib/i18n';

/**
 * The reader's language on the public portal (opened from a QR code by anyone, signed in or not);
 * docs/product.md#language: it is kept in local storage and applied by reloading the page. A native select: light,
 * and the phone's own picker.
 */
export function PortalLanguagePicker() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('faultPortal.portal.language')}
      size="xs"
      w={128}
      leftSection={<IconLanguage size={14} aria-hidden />}
      value={storedLanguage()}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(event) => {
        const language = event.currentTarget.value as Language;
        if (language !== storedLanguage()) changeLanguage(language);
      }}
    />
  );
}
