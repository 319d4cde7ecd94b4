import { Anchor, Badge, Box, Breadcrumbs, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { NotFoundContent } from '../../components/not-found-page';
import { addEnglish, useTranslation } from '../../lib/i18n';
import helpSteps from '../../locales/en/help-steps.json';
import { DifficultyBadge } from './difficulty-badge';
import { GuideScreenshot } from './guide-screenshot';
import { GUIDES_IN_ORDER, type Guide, guideBySlug } from './guides';
import classes from './help.module.css';
import { categoryPath, guidePath } from './help-paths';

addEnglish(helpSteps);

function GuideNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('common.notFound.title')} · AMP`);
  return (
    <Stack align="center" gap="lg" ta="center" py={48}>
      <NotFoundContent
        size="shell"
        action={
          <Button component={Link} to="/help" leftSection={<IconArrowLeft size={18} />}>
            {t('help.title')}
          </Button>
        }
      />
    </Stack>
  );
}

function Neighbour({ guide, direction }: { guide: Guide | undefined; direction: 'previous' | 'next' }) {
  const { t } = useTranslation();
  if (!guide) return <Box visibleFrom="sm" />;
  const next = direction === 'next';
  return (
    <Card withBorder radius="md" padding="md" component={Link} to={guidePath(guide.slug)} style={{ textDecoration: 'none' }}>
      <Group gap="sm" wrap="nowrap" justify={next ? 'flex-end' : 'flex-start'} ta={next ? 'right' : 'left'}>
        {!next && <IconArrowLeft size={18} aria-hidden color="var(--mantine-color-gray-6)" />}
        <Box>
          <Text size="xs" c="dimmed">
            {t(`help.guide.${direction}`)}
          </Text>
          <Text fw={600} c="teal.8" size="sm">
            {t(`help.guides.${guide.slug}.title`)}
          </Text>
        </Box>
        {next && <IconArrowRight size={18} aria-hidden color="var(--mantine-color-gray-6)" />}
      </Group>
    </Card>
  );
}

/** /help/guides/:slug, one guide (docs/product.md#help-center): who it is for, its difficulty, steps and screenshot. */
export default function HelpGuidePage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const guide = guideBySlug(slug);
  const title = guide ? t(`help.guides.${guide.slug}.title`) : '';
  useDocumentTitle(guide ? `${title} · ${t('help.title')} · AMP` : document.title);
  if (!guide) return <GuideNotFound />;

  const index = GUIDES_IN_ORDER.indexOf(guide);
  const steps = Array.from({ length: guide.steps }, (_, i) => t(`help.guides.${guide.slug}.step${i + 1}`));
  return (
    <Stack gap="xl" component="article">
      <Breadcrumbs separator="›" fz="sm">
        <Anchor component={Link} to="/help">
          {t('help.title')}
        </Anchor>
        <Anchor component={Link} to={categoryPath(guide.category)}>
          {t(`help.category.${guide.category}`)}
        </Anchor>
      </Breadcrumbs>

      <Box>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" mt="xs" fz="lg">
          {t(`help.guides.${guide.slug}.summary`)}
        </Text>
        <Group gap="lg" mt="md" align="center">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {t('help.guide.difficulty')}
            </Text>
            <DifficultyBadge difficulty={guide.difficulty} />
          </Group>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {t('help.guide.for')}
            </Text>
            {guide.roles.map((role) => (
              <Badge key={role} variant="outline" color="gray" radius="sm" tt="none" fw={500}>
                {t(`help.role.${role}`)}
              </Badge>
            ))}
          </Group>
        </Group>
      </Box>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <Box component="section" aria-labelledby="guide-steps">
          <Title order={2} fz="lg" id="guide-steps" mb="md">
            {t('help.guide.howTo')} · {t('help.guide.steps', { count: steps.length })}
          </Title>
          <ol className={classes.steps}>
            {steps.map((step, i) => (
              <Group component="li" key={step} gap="md" wrap="nowrap" align="flex-start" mb="md">
                <ThemeIcon radius="xl" size={30} aria-hidden>
                  <Text fw={700} size="sm" c="white">
                    {i + 1}
                  </Text>
                </ThemeIcon>
                <Text pt={4} lh={1.55}>
                  {step}
                </Text>
              </Group>
            ))}
          </ol>
        </Box>
        <Box component="figure" m={0}>
          <GuideScreenshot slug={guide.slug} alt={t('help.guide.screenshot', { title })} />
        </Box>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="nav" aria-label={t('help.list.title')}>
        <Neighbour guide={GUIDES_IN_ORDER[index - 1]} direction="previous" />
        <Neighbour guide={GUIDES_IN_ORDER[index + 1]} direction="next" />
      </SimpleGrid>
    </Stack>
  );
}
