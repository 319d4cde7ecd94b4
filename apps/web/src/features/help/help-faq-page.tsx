import { Accordion, Box, Chip, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { addEnglish, useTranslation } from '../../lib/i18n';
import helpFaq from '../../locales/en/help-faq.json';
import { FAQ_CATEGORIES, FAQ_ITEMS, type FaqCategory } from './faq';

addEnglish(helpFaq);

const ALL = 'all';

/** /help/faq: the questions by category (docs/product.md#help-center), narrowed by a topic and a search. */
export default function HelpFaqPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('help.faq.title')} · ${t('help.title')} · AMP`);
  const [category, setCategory] = useState<FaqCategory | typeof ALL>(ALL);
  const [query, setQuery] = useState('');
  const wanted = query.trim().toLocaleLowerCase();
  const matches = (id: string) =>
    !wanted ||
    t(`help.faq.${id}.question`).toLocaleLowerCase().includes(wanted) ||
    t(`help.faq.${id}.answer`).toLocaleLowerCase().includes(wanted);
  const groups = FAQ_CATEGORIES.filter((key) => category === ALL || key === category)
    .map((key) => ({ key, items: FAQ_ITEMS.filter((item) => item.category === key && matches(item.id)) }))
    .filter((group) => group.items.length > 0);

  return (
    <Stack gap="xl">
      <Box>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t('help.faq.title')}
        </Title>
        <Text c="dimmed" mt="xs" maw={640}>
          {t('help.faq.text')}
        </Text>
      </Box>

      <Stack gap="sm">
        <TextInput
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          label={t('help.faq.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          maw={420}
        />
        <Box role="group" aria-labelledby="faq-topic">
          <Text id="faq-topic" size="sm" fw={500} mb={6}>
            {t('help.faq.filter')}
          </Text>
          <Chip.Group value={category} onChange={(value) => setCategory(value as FaqCategory | typeof ALL)}>
            <Group gap="xs">
              <Chip value={ALL} size="sm">
                {t('help.faq.all')}
              </Chip>
              {FAQ_CATEGORIES.map((key) => (
                <Chip key={key} value={key} size="sm">
                  {t(`help.faq.category.${key}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Box>
      </Stack>

      {groups.length === 0 && <Text c="dimmed">{t('help.faq.none')}</Text>}
      {groups.map((group) => (
        <Box component="section" key={group.key} aria-labelledby={`faq-${group.key}`}>
          <Title order={2} fz="lg" mb="sm" id={`faq-${group.key}`}>
            {t(`help.faq.category.${group.key}`)}
          </Title>
          <Accordion variant="separated" radius="md" multiple>
            {group.items.map((item) => (
              <Accordion.Item key={item.id} value={item.id} bg="white">
                <Accordion.Control>
                  <Text fw={500}>{t(`help.faq.${item.id}.question`)}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text c="dark.5" lh={1.6}>
                    {t(`help.faq.${item.id}.answer`)}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Box>
      ))}
    </Stack>
  );
}
