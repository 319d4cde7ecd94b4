import { PRICEBOOK_FILE_COLUMNS, PRICEBOOK_MAX_ITEMS, PRICEBOOK_REQUIRED_COLUMNS } from '@amp/contracts/pricebook';
import { Button, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ImportColumns } from '../../components/import/import-columns';
import { formatCount } from '../../components/import/import-format';
import { ImportWorkspace } from '../../components/import/import-workspace';
import { useTranslation } from '../../lib/i18n';
import { pricebookImportEndpoints, pricebookImportTexts } from './pricebook-api';

/**
 * /pricebook/import: items added to the organisation's pricebook, or changed by name, from a CSV or
 * XLSX file in the columns of the export (the shared import pages, components/import).
 */
export default function PricebookImportPage() {
  const { t } = useTranslation();
  return (
    <ImportWorkspace
      endpoints={pricebookImportEndpoints}
      texts={pricebookImportTexts}
      listPath="/pricebook/view"
      header={
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Text c="dimmed" size="sm" style={{ flex: '1 1 320px' }}>
            {t('pricebook.import.intro')}
          </Text>
          <Button component={Link} to="/pricebook/view" variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />}>
            {t('pricebook.import.back')}
          </Button>
        </Group>
      }
      columns={
        <ImportColumns
          columns={PRICEBOOK_FILE_COLUMNS}
          required={PRICEBOOK_REQUIRED_COLUMNS}
          help={(column) => t(`pricebook.import.column.${column}`)}
          intro={t('pricebook.import.columns', { max: formatCount(PRICEBOOK_MAX_ITEMS) })}
        />
      }
    />
  );
}
