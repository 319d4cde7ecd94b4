import { Anchor, Breadcrumbs, Button, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { readerZone } from '../../lib/reader-time-zone';
import type { PageHeading } from '../menu';

/** The page title, its breadcrumbs and today's date (docs/product.md#the-signed-in-shell). */
export function SubHeader({ heading }: { heading: PageHeading }) {
  const { t, i18n } = useTranslation();
  const today = dayjs();
  // The short month is formatted by the browser so it follows the chosen language.
  const monthDay = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: readerZone() }).format(
    today.toDate(),
  );
  const fullDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: readerZone() }).format(today.toDate());

  return (
    // The date button stays beside the title on every page and every width; a long title or
    // trail of breadcrumbs wraps within its own column instead of pushing the button down.
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="lg">
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Title order={1} fz={{ base: 20, sm: 24 }} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {t(heading.title)}
        </Title>
        <Breadcrumbs
          separator={<IconChevronRight size={12} />}
          separatorMargin={4}
          aria-label={t('shell.breadcrumbs')}
          style={{ flexWrap: 'wrap' }}
        >
          {heading.crumbs.map((crumb) =>
            crumb.href ? (
              <Anchor key={crumb.label} component={Link} to={crumb.href} size="sm">
                {t(crumb.label)}
              </Anchor>
            ) : (
              <Text key={crumb.label} size="sm" c="dimmed">
                {t(crumb.label)}
              </Text>
            ),
          )}
        </Breadcrumbs>
      </Stack>
      <Popover position="bottom-end" shadow="md" withArrow>
        <Popover.Target>
          <Button
            variant="light"
            size="sm"
            style={{ flexShrink: 0 }}
            leftSection={<IconCalendar size={16} />}
            aria-label={t('shell.today', { date: fullDate })}
          >
            {monthDay}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="xs" c="dimmed">
            {t('shell.todayLabel')}
          </Text>
          <Text fw={600}>{fullDate}</Text>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
