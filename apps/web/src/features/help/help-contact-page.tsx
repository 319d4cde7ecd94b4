import { Anchor, Box, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconActivityHeartbeat, IconAlertTriangle, IconInfoCircle, IconMail, IconPhone, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { EMERGENCY_HOTLINE, STATUS_PATH, SUPPORT_EMAIL, SUPPORT_PHONE, telHref } from './help-contacts';

function Channel({
  icon: Icon,
  color,
  title,
  text,
  children,
}: {
  icon: TablerIcon;
  color: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
          <Icon size={24} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
          <Box fw={600} style={{ overflowWrap: 'anywhere' }}>
            {children}
          </Box>
        </Stack>
      </Group>
    </Card>
  );
}

/** /help/contact (docs/product.md#help-center): email with a reply within 24 hours, phone, the hotline and the system status. */
export default function HelpContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('help.contact.title')} · ${t('help.title')} · AMP`);
  return (
    <Stack gap="xl">
      <Box>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t('help.contact.title')}
        </Title>
        <Text c="dimmed" mt="xs" maw={640}>
          {t('help.contact.text')}
        </Text>
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Channel icon={IconMail} color="teal" title={t('help.contact.email.title')} text={t('help.contact.email.text')}>
          <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
        </Channel>
        <Channel icon={IconPhone} color="blue" title={t('help.contact.phone.title')} text={t('help.contact.phone.text')}>
          <Anchor href={telHref(SUPPORT_PHONE)}>{SUPPORT_PHONE}</Anchor>
        </Channel>
        <Channel icon={IconAlertTriangle} color="red" title={t('help.contact.emergency.title')} text={t('help.contact.emergency.text')}>
          <Anchor href={telHref(EMERGENCY_HOTLINE)} c="red.8">
            {EMERGENCY_HOTLINE}
          </Anchor>
        </Channel>
        <Channel icon={IconActivityHeartbeat} color="grape" title={t('help.contact.status.title')} text={t('help.contact.status.text')}>
          <Anchor component={Link} to={STATUS_PATH}>
            {t('help.contact.status.link')}
          </Anchor>
        </Channel>
      </SimpleGrid>
      <Card radius="md" padding="lg" bg="var(--mantine-color-teal-0)">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={22} color="var(--mantine-color-teal-8)" aria-hidden style={{ flexShrink: 0 }} />
          <Box>
            <Text fw={600}>{t('help.contact.before.title')}</Text>
            <Text size="sm" mt={4}>
              {t('help.contact.before.text')}
            </Text>
          </Box>
        </Group>
      </Card>
    </Stack>
  );
}
