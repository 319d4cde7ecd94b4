// Mantine's combobox Select (with its popover, floating-ui, scroll area and focus trap), loaded when
// the fault form is first used: see fault-select.tsx.
export { Select } from '@mantine/core';
