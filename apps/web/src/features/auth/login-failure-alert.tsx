import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** Why a sign-in failed; fetched apart from the sign-in page (login-page.tsx), as most visits never show it. */
export default function LoginFailureAlert({ children }: { children: string }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {children}
    </Alert>
  );
}
