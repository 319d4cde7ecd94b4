import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { CodeText } from '../code-text';

interface RecordCodeLinkProps {
  to: string;
  code: string;
  /** What the link does, for screen readers ("Open work order WO-000042"). */
  label: string;
}

/**
 * A record's code as the link to it in a list's row or card. The link makes each row reachable by
 * keyboard; the click on the row itself, a larger target for the mouse, is not made twice.
 */
export function RecordCodeLink({ to, code, label }: RecordCodeLinkProps) {
  return (
    <Anchor component={Link} to={to} onClick={(event) => event.stopPropagation()} aria-label={label}>
      <CodeText fw={600}>{code}</CodeText>
    </Anchor>
  );
}
