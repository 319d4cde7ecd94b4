import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../../lib/i18n';
import { PRIVACY_EMAIL } from './help-contacts';
import { PolicyDocument, type PolicySection } from './policy-document';

const SECTIONS: readonly PolicySection[] = [
  { key: 'controller' },
  { key: 'stored', items: ['accounts', 'organisations', 'assets', 'faults', 'work', 'photos', 'logs'] },
  { key: 'purposes' },
  { key: 'sharing' },
  { key: 'retention' },
  { key: 'security' },
  { key: 'rights' },
  { key: 'storage' },
  { key: 'contact' },
];

/** /help/privacy: what AMP stores, why, how long, and the reader's rights (NDPA, NDPR). */
export default function HelpPrivacyPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('help.privacy.title')} · AMP`);
  return <PolicyDocument prefix="help.privacy" sections={SECTIONS} email={PRIVACY_EMAIL} />;
}
