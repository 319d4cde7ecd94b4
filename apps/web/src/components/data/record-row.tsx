import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { AgeText } from './age-text';

/** A column as narrow as its content. */
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

/** A list's table row that opens its record on a click, led by the record's code (its link, for the keyboard). */
export function RecordRow({ code, onOpen, children }: { code: ReactNode; onOpen(): void; children: ReactNode }) {
  return (
    <Table.Tr style={{ cursor: 'pointer' }} onClick={onOpen}>
      <Table.Td style={SHRINK}>{code}</Table.Td>
      {children}
    </Table.Tr>
  );
}

/** A row's cell that says how long ago something happened. */
export function AgeCell({ value }: { value: string }) {
  return (
    <Table.Td style={SHRINK}>
      <AgeText value={value} />
    </Table.Td>
  );
}
