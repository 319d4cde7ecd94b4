import type { MyWorkItem } from '@amp/contracts/dashboard';
import { Badge, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconClipboardList, IconMapPin, IconTool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CodeText } from '../../components/code-text';
import { formatDateTime } from '../../components/data/format';
import { ListEmpty } from '../../components/data/list-feedback';
import { QueryContent } from '../../components/data/query-content';
import { PriorityBadge } from '../../components/workflow/priority-badge';
import type { RequestOrOrderTexts } from '../../components/workflow/request-or-order-texts';
import { SlaStateBadge } from '../../components/workflow/sla-clock';
import { useTranslation } from '../../lib/i18n';
import { OfflineNote } from '../../offline/cache/offline-note';
import type { useMyWork } from './dashboard-api';
import classes from './today-work-card.module.css';

const TEXTS: Record<MyWorkItem['kind'], RequestOrOrderTexts> = { wo: 'workOrders', sr: 'serviceRequests' };
const PATHS: Record<MyWorkItem['kind'], string> = { wo: '/work-order/view/', sr: '/service-request/view/' };

/** Where the work is: the site's cluster and the asset's location, as far as the record says. */
function siteText(item: MyWorkItem): string | null {
  const parts = [item.site.cluster?.name, item.site.location].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** One item: the whole row is the link to its page (one tap), its SLA state beside its code. */
function WorkRow({ item }: { item: MyWorkItem }) {
  const { t } = useTranslation();
  const texts = TEXTS[item.kind];
  const site = siteText(item);
  const breached = item.sla === 'breached';
  return (
    <UnstyledButton
      component={Link}
      to={`${PATHS[item.kind]}${item._id}`}
      className={classes.row}
      data-breached={breached || undefined}
      data-testid="today-work-item"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Group gap={4} wrap="nowrap" c="dimmed">
              {item.kind === 'wo' ? <IconTool size={14} aria-hidden /> : <IconClipboardList size={14} aria-hidden />}
              <Text size="xs">{t(`dashboard.myWork.kind.${item.kind}`)}</Text>
            </Group>
            <CodeText fw={600}>{item.code}</CodeText>
            {item.sla ? (
              <SlaStateBadge clock={{ state: item.sla, stopped: false, paused: item.paused }} texts={texts} />
            ) : (
              <Text size="xs" c="dimmed">
                {t(`${texts}.sla.none`)}
              </Text>
            )}
          </Group>
          <Text fw={600} lineClamp={2}>
            {item.title}
          </Text>
          {item.asset ? (
            <Text size="sm" lineClamp={1}>
              {item.asset.name}
            </Text>
          ) : null}
          {site ? (
            <Group gap={4} wrap="nowrap" c="dimmed">
              <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" lineClamp={2}>
                {site}
              </Text>
            </Group>
          ) : null}
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={breached ? 600 : undefined} c={breached ? 'red.8' : 'dimmed'}>
              {item.dueAt
                ? t(breached ? 'dashboard.myWork.overdue' : 'dashboard.myWork.due', { time: formatDateTime(item.dueAt) })
                : t('dashboard.myWork.noDue')}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`${texts}.status.${item.status}`)}
            </Text>
            <PriorityBadge priority={item.priority} texts={texts} size="sm" />
          </Group>
        </Stack>
        <IconChevronRight size={18} aria-hidden className={classes.chevron} />
      </Group>
    </UnstyledButton>
  );
}

/**
 * The technician's home (docs/product.md): the work orders and service requests assigned to the
 * user, breached first and then by due time (the API's order), each one tap from its page; offline,
 * the list as this device saved it.
 */
export function TodayWorkCard({ query }: { query: ReturnType<typeof useMyWork> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="today-work-title">
      <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg" id="today-work-title">
          {t('dashboard.myWork.title')}
        </Title>
        {query.data && query.data.length > 0 ? (
          <Badge variant="light" size="lg" aria-label={t('dashboard.myWork.count', { count: query.data.length })}>
            {query.data.length}
          </Badge>
        ) : null}
      </Group>
      <Stack gap="sm">
        <OfflineNote query={query} />
        <QueryContent query={query} placeholderHeight={180}>
          {(items) =>
            items.length === 0 ? (
              <ListEmpty title={t('dashboard.myWork.empty')} description={t('dashboard.myWork.emptyHint')} />
            ) : (
              <ul className={classes.list} aria-label={t('dashboard.myWork.title')}>
                {items.map((item) => (
                  <li key={`${item.kind}-${item._id}`}>
                    <WorkRow item={item} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryContent>
      </Stack>
    </Card>
  );
}
