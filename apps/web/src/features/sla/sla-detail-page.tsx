import { Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingFactory2, IconClockHour4, IconHierarchy2, IconPencil, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CodeText } from '../../components/code-text';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDate, formatDateTime } from '../../components/data/format';
import { FileGallery } from '../../components/files/file-gallery';
import { useTranslation } from '../../lib/i18n';
import { type Sla, useSla } from './sla-api';
import { formatHours } from './sla-hours';

/** /sla/manage/:id: one SLA with its provider, targets, terms, supporting file and who made it. */
export default function SlaDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const sla = useSla(id);

  return (
    <DetailPageFrame
      backTo="/sla/manage"
      backLabel={t('sla.detail.back')}
      query={sla}
      skeleton={
        <Stack gap="md">
          <Skeleton height={150} radius="md" />
          <Grid>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Skeleton height={280} radius="md" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Skeleton height={280} radius="md" />
            </Grid.Col>
          </Grid>
        </Stack>
      }
      notFoundTitle={t('sla.detail.notFound')}
      notFoundHint={t('sla.detail.notFoundHint')}
    >
      {(data) => <SlaDetail sla={data} />}
    </DetailPageFrame>
  );
}

function SlaDetail({ sla }: { sla: Sla }) {
  const { t } = useTranslation();
  const { assets, clusters } = sla.targets;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={6} style={{ minWidth: 0, flex: '1 1 260px' }}>
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {sla.title}
              </Title>
              <Group gap="xs">
                <Badge variant="light" leftSection={<IconTool size={12} />} style={{ textTransform: 'none' }}>
                  {sla.provider.name}
                </Badge>
                <Anchor component={Link} to={`/pricebook/provider/${sla.provider._id}`} size="sm">
                  {t('pricebook.provider.link')}
                </Anchor>
              </Group>
            </Stack>
            <Button component={Link} to={`/sla/manage/${sla._id}/edit`} variant="light" leftSection={<IconPencil size={18} />}>
              {t('sla.action.edit')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Target icon={<IconClockHour4 size={18} />} label={t('sla.field.responseHours')} value={formatHours(sla.responseHours)} />
            <Target icon={<IconClockHour4 size={18} />} label={t('sla.field.resolutionHours')} value={formatHours(sla.resolutionHours)} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('sla.detail.created', { date: formatDateTime(sla.createdAt), name: sla.createdBy?.name ?? '–' })}
            {sla.updatedAt !== sla.createdAt ? ` · ${t('sla.detail.updated', { date: formatDate(sla.updatedAt) })}` : ''}
          </Text>
        </Stack>
      </Paper>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="sm">
                <Title order={3} size="h4">
                  {t('sla.field.terms')}
                </Title>
                {sla.terms ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {sla.terms}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('sla.detail.noTerms')}
                  </Text>
                )}
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="sm">
                <Title order={3} size="h4">
                  {t('sla.field.file')}
                </Title>
                {sla.file ? (
                  <FileGallery files={[sla.file]} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('sla.detail.noFile')}
                  </Text>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
            <Stack gap="md">
              <Title order={3} size="h4">
                {t('sla.detail.coverage')}
              </Title>
              <TargetList
                icon={<IconHierarchy2 size={16} />}
                title={t('sla.list.clusterCount', { count: clusters.length })}
                items={clusters.map((c) => ({ id: c._id, code: c.clusterID, name: c.name, href: `/asset/cluster/${c._id}` }))}
              />
              <TargetList
                icon={<IconBuildingFactory2 size={16} />}
                title={t('sla.list.assetCount', { count: assets.length })}
                items={assets.map((a) => ({ id: a._id, code: a.assetID, name: a.name, href: `/asset/asset-list/${a._id}` }))}
              />
              {clusters.length > 0 ? (
                <Text size="xs" c="dimmed">
                  {t('sla.detail.clusterHint')}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Target({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="md">
          {icon}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600}>{value}</Text>
        </div>
      </Group>
    </Paper>
  );
}

interface TargetItem {
  id: string;
  code: string;
  name: string;
  href: string;
}

function TargetList({ icon, title, items }: { icon: ReactNode; title: string; items: TargetItem[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={6}>
      <Group gap={6} c="dimmed">
        {icon}
        <Text size="sm" fw={600}>
          {title}
        </Text>
      </Group>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={item.id}>
            <Anchor component={Link} to={item.href} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <CodeText>{item.code}</CodeText> · {item.name}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
