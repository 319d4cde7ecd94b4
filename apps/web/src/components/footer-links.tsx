import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';

/** The help pages the site's footers link to. */
export const FOOTER_LINKS = {
  help: { to: '/help', label: 'common.links.help' },
  privacy: { to: '/help/privacy', label: 'common.links.privacy' },
  legal: { to: '/help/legal', label: 'common.links.legal' },
  contact: { to: '/help/contact', label: 'common.links.contact' },
} as const;

export type FooterLinkName = keyof typeof FOOTER_LINKS;

/** One footer link to a help page; dimmed unless the footer gives another colour. */
export function FooterLink({ name, c = 'dimmed' }: { name: FooterLinkName; c?: string }) {
  const { t } = useTranslation();
  const { to, label } = FOOTER_LINKS[name];
  return (
    <Anchor component={Link} to={to} size="sm" c={c}>
      {t(label)}
    </Anchor>
  );
}

/** A row of footer links, in the order given. */
export function FooterLinkRow({ names }: { names: readonly FooterLinkName[] }) {
  return (
    <Group gap="md">
      {names.map((name) => (
        <FooterLink key={name} name={name} />
      ))}
    </Group>
  );
}
