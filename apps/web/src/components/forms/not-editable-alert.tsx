import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';

interface NotEditableAlertProps {
  title: string;
  /** Why (its status), in the document's words. */
  hint: string;
  /** The record's detail page. */
  to: string;
  linkLabel: string;
}

/** In place of a record's form when its status no longer lets it be changed, with the way back to it. */
export function NotEditableAlert({ title, hint, to, linkLabel }: NotEditableAlertProps) {
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={title} maw={960}>
      <Stack gap={6} align="flex-start">
        {hint}
        <Anchor component={Link} to={to} size="sm">
          {linkLabel}
        </Anchor>
      </Stack>
    </Alert>
  );
}
