import { Badge, Button, Collapse, Group } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface FilterPanelOptions {
  /** The panel's element id, which the button controls. */
  id: string;
  /** The button's text ("Filters"). */
  buttonLabel: string;
  /** A link that carries a filter (a notification's "?sla=breached") shows the panel open on a phone too. */
  openWhenFiltered?: boolean;
  /** The filter inputs. */
  content: ReactNode;
}

interface FilterPanelToggleProps {
  panelId: string;
  label: string;
  /** How many filters are set, shown on the button while the panel is folded away. */
  active: number;
  opened: boolean;
  onToggle(): void;
}

/** The phone's button that opens and closes the filter panel, with the number of filters set. */
export function FilterPanelToggle({ panelId, label, active, opened, onToggle }: FilterPanelToggleProps) {
  return (
    <Button
      variant="default"
      leftSection={<IconFilter size={18} />}
      rightSection={
        active > 0 ? (
          <Badge size="sm" circle>
            {active}
          </Badge>
        ) : null
      }
      onClick={onToggle}
      aria-expanded={opened}
      aria-controls={panelId}
    >
      {label}
    </Button>
  );
}

/** The filter inputs in a row that wraps: on a phone folded away until the button opens them, on a desktop always in view. */
export function FilterPanel({ id, expanded, children }: { id: string; expanded: boolean; children: ReactNode }) {
  return (
    <Collapse expanded={expanded} id={id}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {children}
      </Group>
    </Collapse>
  );
}
