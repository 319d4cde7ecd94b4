import { Badge, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useCompactLayout } from '../data/use-compact-layout';

interface ImportColumnsProps<Column extends string> {
  /** The file's columns, in the template's order. */
  columns: readonly Column[];
  /** Those the file must have. */
  required: readonly Column[];
  /** What a column takes, translated. */
  help(column: Column): string;
  /** How the file is read (headers, formats), translated. */
  intro: string;
  /** A rule worth stressing, translated (the asset update: an empty cell changes nothing). */
  rule?: string;
}

/** What each column of an import file takes: a table on a desktop, a list on a phone. */
export function ImportColumns<Column extends string>({ columns, required, help, intro, rule }: ImportColumnsProps<Column>) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const requirement = (column: Column) =>
    required.includes(column) ? (
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
          {intro}
        </Text>
        {rule ? (
          <Text size="sm" fw={500}>
            {rule}
          </Text>
        ) : null}
        {compact ? (
          <Stack gap="xs" component="dl" m={0}>
            {columns.map((column) => (
              <div key={column}>
                <Group gap="xs" component="dt">
                  <Code>{column}</Code>
                  {requirement(column)}
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
              {columns.map((column) => (
                <Table.Tr key={column}>
                  <Table.Td>
                    <Code>{column}</Code>
                  </Table.Td>
                  <Table.Td>{requirement(column)}</Table.Td>
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
