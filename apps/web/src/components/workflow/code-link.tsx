import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { CodeText } from '../code-text';

/** A related record's code, a link to its page when the reader may open it (`to`), else plain. */
export function CodeLink({ to, code, fw }: { to: string | null; code: string; fw?: number }) {
  const text = <CodeText fw={fw}>{code}</CodeText>;
  return to ? (
    <Anchor component={Link} to={to} size="sm" fw={fw}>
      {text}
    </Anchor>
  ) : (
    text
  );
}
