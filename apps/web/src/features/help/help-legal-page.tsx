import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../../lib/i18n';
import { LEGAL_EMAIL } from './help-contacts';
import { PolicyDocument, type PolicySection } from './policy-document';

const SECTIONS: readonly PolicySection[] = [
  { key: 'accounts' },
  { key: 'use' },
  { key: 'data' },
  { key: 'service' },
  { key: 'fees' },
  { key: 'liability' },
  { key: 'termination' },
  { key: 'law' },
  { key: 'contact' },
];

/** /help/legal: the terms of use. */
export default function HelpLegalPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('help.legal.title')} · AMP`);
  return <PolicyDocument prefix="help.legal" sections={SECTIONS} email={LEGAL_EMAIL} />;
}
