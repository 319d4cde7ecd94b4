import { Anchor, Box, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { GuideCard } from './guide-card';
import { GUIDE_CATEGORIES, GUIDES, isGuideCategory } from './guides';
import { CATEGORY_ICONS } from './help-sidebar';

/** /help/guides: every guide by category; ?category= (from the topics) shows one category only. */
export default function HelpGuidesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wanted = params.get('category');
  const only = isGuideCategory(wanted) ? wanted : undefined;
  const categories = only ? [only] : GUIDE_CATEGORIES;
  const title = only ? t(`help.category.${only}`) : t('help.list.title');
  useDocumentTitle(`${title} · ${t('help.title')} · AMP`);

  return (
    <Stack gap={40}>
      <Box>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {title}
        </Title>
        <Text c="dimmed" mt="xs" maw={640}>
          {t('help.list.text')}
        </Text>
        {only && (
          <Anchor component={Link} to="/help/guides" size="sm" mt="xs" display="inline-block">
            {t('help.list.showAll')}
          </Anchor>
        )}
      </Box>
      {categories.map((category) => {
        const guides = GUIDES.filter((guide) => guide.category === category);
        const Icon = CATEGORY_ICONS[category];
        return (
          <Box component="section" key={category} aria-labelledby={`category-${category}`}>
            <Group gap="sm" mb="sm">
              <ThemeIcon variant="light" radius="md" size={34} aria-hidden>
                <Icon size={20} stroke={1.7} />
              </ThemeIcon>
              <Title order={2} fz="xl" id={`category-${category}`}>
                {t(`help.category.${category}`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t('help.list.count', { count: guides.length })}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {guides.map((guide) => (
                <GuideCard key={guide.slug} guide={guide} />
              ))}
            </SimpleGrid>
          </Box>
        );
      })}
    </Stack>
  );
}
