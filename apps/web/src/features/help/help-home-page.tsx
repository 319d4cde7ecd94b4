import { Anchor, Box, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight, IconHeadset, IconHelpCircle, type TablerIcon } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { GuideCard } from './guide-card';
import { GUIDES, POPULAR_GUIDE_COUNT } from './guides';
import { guidePath, SEARCH_PARAM } from './help-paths';
import { searchGuides } from './help-search';
import { CATEGORY_ICONS } from './help-sidebar';

function QuickAccess() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = (params.get(SEARCH_PARAM) ?? '').trim();
  const found = searchGuides(GUIDES, query, t);
  return (
    <Box component="section" aria-labelledby="quick-access">
      <Title order={2} id="quick-access" fz="xl" mb="xs">
        {t('help.home.quickAccess')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm" role="status">
        {query
          ? found.length > 0
            ? t('help.home.results', { count: found.length, query })
            : t('help.home.noResults', { query })
          : t('help.list.count', { count: found.length })}
      </Text>
      {found.length > 0 && (
        <Card withBorder radius="md" padding="xs">
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing={0} verticalSpacing={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {found.map((guide) => {
              const Icon = CATEGORY_ICONS[guide.category];
              return (
                <li key={guide.slug}>
                  <Group gap="sm" wrap="nowrap" p="xs">
                    <ThemeIcon variant="light" radius="md" size={32} aria-hidden>
                      <Icon size={18} stroke={1.7} />
                    </ThemeIcon>
                    <Box style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={guidePath(guide.slug)} fw={500} size="sm" c="dark.7">
                        {t(`help.guides.${guide.slug}.title`)}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t(`help.category.${guide.category}`)}
                      </Text>
                    </Box>
                  </Group>
                </li>
              );
            })}
          </SimpleGrid>
        </Card>
      )}
    </Box>
  );
}

function LinkCard({ to, icon: Icon, title, text }: { to: string; icon: TablerIcon; title: string; text: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component={Link} to={to} style={{ textDecoration: 'none' }}>
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <Icon size={24} stroke={1.7} />
        </ThemeIcon>
        <Box style={{ flex: 1 }}>
          <Text fw={600} c="dark.7">
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Box>
        <IconArrowRight size={18} aria-hidden color="var(--mantine-color-gray-6)" />
      </Group>
    </Card>
  );
}

/** /help, the Help Center (docs/product.md#help-center): search results, Popular Guides, and the ways to more help. */
export default function HelpHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('help.title')} · AMP`);
  return (
    <Stack gap={40}>
      <Box>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t('help.home.title')}
        </Title>
        <Text c="dimmed" mt="xs" maw={640}>
          {t('help.home.text')}
        </Text>
      </Box>

      <QuickAccess />

      <Box component="section" aria-labelledby="popular-guides">
        <Group justify="space-between" mb="sm">
          <Title order={2} id="popular-guides" fz="xl">
            {t('help.home.popular')}
          </Title>
          <Anchor component={Link} to="/help/guides" size="sm" fw={500}>
            {t('help.home.allGuides')}
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {GUIDES.slice(0, POPULAR_GUIDE_COUNT).map((guide) => (
            <GuideCard key={guide.slug} guide={guide} />
          ))}
        </SimpleGrid>
      </Box>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LinkCard to="/help/faq" icon={IconHelpCircle} title={t('help.category.faq')} text={t('help.home.faqCard')} />
        <LinkCard to="/help/contact" icon={IconHeadset} title={t('help.category.contact')} text={t('help.home.contactCard')} />
      </SimpleGrid>
    </Stack>
  );
}
