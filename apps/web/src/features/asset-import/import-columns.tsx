import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS, type ImportColumn, type ImportMode } from '@amp/contracts/asset-import';
import { Badge, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { useTranslation } from '../../lib/i18n';

/** Columns whose explanation differs between adding and updating. */
const PER_MODE = new Set<ImportColumn>(['assetID', 'status']);

/** What each column of the file takes: a table on a desktop, a list on a phone. */
export function ImportColumns({ mode }: { mode: ImportMode }) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const help = (column: ImportColumn) => t(PER_MODE.has(column) ? `assetImport.column.${column}.${mode}` : `assetImport.column.${column}`);
  const required = (column: ImportColumn) =>
    IMPORT_REQUIRED_COLUMNS[mode].includes(column) ? (
      <Badge color="red" variant="light" size="sm">
        {t('assetImport.columns.yes')}
      </Badge>
    ) : (
      <Text size="sm" c="dimmed">
        {t('assetImport.columns.optional')}
      </Text>
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('assetImport.columns.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('assetImport.columns.header')}
        </Text>
        {mode === 'update' ? (
          <Text size="sm" fw={500}>
            {t('assetImport.columns.updateRule')}
          </Text>
        ) : null}
        {compact ? (
          <Stack gap="xs" component="dl" m={0}>
            {IMPORT_COLUMNS.map((column) => (
              <div key={column}>
                <Group gap="xs" component="dt">
                  <Code>{column}</Code>
                  {required(column)}
                </Group>
                <Text component="dd" size="sm" m={0} mt={2}>
                  {help(column)}
                </Text>
              </div>
            ))}
          </Stack>
        ) : (
          <Table verticalSpacing={6} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>{t('assetImport.columns.column')}</Table.Th>
                <Table.Th w={120}>{t('assetImport.columns.required')}</Table.Th>
                <Table.Th>{t('assetImport.columns.content')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {IMPORT_COLUMNS.map((column) => (
                <Table.Tr key={column}>
                  <Table.Td>
                    <Code>{column}</Code>
                  </Table.Td>
                  <Table.Td>{required(column)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{help(column)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
