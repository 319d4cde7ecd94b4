import { Badge, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from './format';
import type { WorkflowTexts } from './workflow-texts';

interface WorkflowTabsProps<T extends string> {
  texts: WorkflowTexts;
  /** The tabs the reader may open; a single one is no choice, so only its hint shows. */
  tabs: readonly T[];
  value: T;
  /** A tab was clicked (the open one too). */
  onChange(tab: T): void;
  /** How many each tab holds, once read; a tab left out shows no count. */
  counts: Partial<Record<T, number>> | undefined;
  /** The tab whose count asks for action (faults awaiting a decision): orange while above zero. */
  urgentTab?: T;
  /** The list of the open tab. */
  children: ReactNode;
}

/** A workflow's list split by tabs, each with its count, and a line saying what the open tab holds. */
export function WorkflowTabs<T extends string>({ texts, tabs, value, onChange, counts, urgentTab, children }: WorkflowTabsProps<T>) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {tabs.length > 1 ? (
        <ScrollArea type="never" offsetScrollbars={false}>
          <Tabs value={value} onChange={(next) => next && onChange(next as T)} keepMounted={false}>
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {tabs.map((tab) => {
                const count = counts?.[tab];
                return (
                  <Tabs.Tab
                    key={tab}
                    value={tab}
                    rightSection={
                      count !== undefined ? (
                        <Badge
                          size="sm"
                          variant={tab === value ? 'filled' : 'light'}
                          color={tab === urgentTab && count > 0 ? 'orange' : 'gray'}
                        >
                          {formatNumber(count)}
                        </Badge>
                      ) : null
                    }
                    // On a phone the tabs scroll sideways rather than squeeze their counts away.
                    style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                  >
                    {t(`${texts}.tab.${tab}`)}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
          </Tabs>
        </ScrollArea>
      ) : null}
      <Text size="sm" c="dimmed">
        {t(`${texts}.tabHint.${value}`)}
      </Text>
      {children}
    </Stack>
  );
}
