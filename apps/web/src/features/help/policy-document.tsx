import { Anchor, Box, Card, List, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { addEnglish, useTranslation } from '../../lib/i18n';
import helpLegal from '../../locales/en/help-legal.json';

// The privacy notice's and the terms' English, with the pages that show them.
addEnglish(helpLegal);

export interface PolicySection {
  /** Key prefix: `<prefix>.title`, and `<prefix>.text` unless `items` lists its points. */
  key: string;
  items?: readonly string[];
}

/** Text with `{email}` made a mail link. */
function withEmail(text: string, email: string | undefined): ReactNode {
  if (!email) return text;
  const parts = text.split('{email}');
  return parts.map((part, i) => (
    <Fragment key={part}>
      {part}
      {i < parts.length - 1 && <Anchor href={`mailto:${email}`}>{email}</Anchor>}
    </Fragment>
  ));
}

/** A legal page of the Help Center (privacy notice, terms): a title, a date, an introduction and sections. */
export function PolicyDocument({ prefix, sections, email }: { prefix: string; sections: readonly PolicySection[]; email?: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="xl" component="article">
      <Stack gap="lg" maw={760}>
        <Box>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {t(`${prefix}.title`)}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t(`${prefix}.updated`)}
          </Text>
        </Box>
        <Text lh={1.65}>{t(`${prefix}.intro`)}</Text>
        {sections.map(({ key, items }) => (
          <Box component="section" key={key}>
            <Title order={2} fz="lg" mb={6}>
              {t(`${prefix}.${key}.title`)}
            </Title>
            {items ? (
              <List spacing={6} lh={1.6}>
                {items.map((item) => (
                  <List.Item key={item}>{t(`${prefix}.${key}.${item}`)}</List.Item>
                ))}
              </List>
            ) : (
              <Text lh={1.65}>{withEmail(t(`${prefix}.${key}.text`, { email: '{email}' }), email)}</Text>
            )}
          </Box>
        ))}
      </Stack>
    </Card>
  );
}
