import { accountOperations } from '@amp/contracts/operations/account';
import { Anchor, Button, Group, Stack, Text, TextInput, type TextInputProps, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { translateApiText } from '../../components/api-error';
import { ApiError } from '../../lib/api';
import { call } from '../../lib/api-call';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { AuthEmailInput, AuthHeading } from './auth-form-parts';
import { delay, LOGIN_SUBMIT_DELAY_MS, safeReturnPath } from './auth-helpers';
import type { LoginErrors, LoginValidator, LoginValues } from './login-rules';

// The rules (zod with the shared schema) are fetched when the form is first focused, not with the
// page: the sign-in page is the first page of most visits on a phone. For the same reason the form
// keeps its own state rather than bringing a form library with it (two fields).
let rules: Promise<LoginValidator> | undefined;
const loadRules = () => {
  rules ??= import('./login-rules').then(
    (module) => module.makeLoginValidator(),
    (error: unknown) => {
      rules = undefined; // tried again on the next use
      throw error;
    },
  );
  return rules;
};

// The failure message (Mantine's Alert) comes when the form is first used, as the rules do; should it
// fail to arrive (no network, the likeliest reason to fail), the message is shown in plain text.
type FailureView = (props: { children: string }) => ReactNode;
let failureView: Promise<FailureView> | undefined;
const loadFailureView = () => {
  failureView ??= import('./login-failure-alert').then(
    (module) => module.default,
    () => {
      failureView = undefined; // tried again on the next use
      return PlainFailure;
    },
  );
  return failureView;
};
function PlainFailure({ children }: { children: string }) {
  return (
    <Text c="red" role="alert">
      {children}
    </Text>
  );
}

/**
 * The password field: a text input with a show/hide button, as Mantine's PasswordInput draws it (the
 * button is out of the tab order and pressed on mouse down), without the ActionIcon and PasswordInput
 * code that would come with the page's first load.
 */
function PasswordField(props: TextInputProps) {
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((shown) => !shown);
  const Icon = visible ? IconEyeOff : IconEye;
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          aria-label="Toggle password visibility"
          aria-pressed={visible}
          tabIndex={-1}
          disabled={props.disabled}
          onMouseDown={(event) => {
            event.preventDefault();
            toggle();
          }}
          onKeyDown={(event) => {
            if (event.key === ' ' || event.key === 'Enter') {
              event.preventDefault();
              toggle();
            }
          }}
          c="gray.7"
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 28,
            height: 28,
            borderRadius: 'var(--mantine-radius-default)',
          }}
        >
          <Icon size={18} stroke={1.75} />
        </UnstyledButton>
      }
    />
  );
}

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

function preload() {
  void loadRules().catch(() => undefined);
  void loadFailureView();
}

/** Why a sign-in failed, in words for the user (docs/product.md#sign-in). */
function loginFailure(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 400) return t('AUTH.VALIDATION.INVALID_LOGIN');
    // Pending or deactivated accounts (403) and too many attempts (429) say so in the API's words.
    if (error.status === 403 || error.status === 429) return translateApiText(error.message);
  }
  return t('ERROR.GENERIC');
}

export default function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('auth.login.title')} · AMP`);
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<{ text: string; View: FailureView } | null>(null);
  const fail = async (text: string) => setFailure({ text, View: await loadFailureView() });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // Each field is checked when it loses focus until the form is first submitted, then as it changes.
  const submitted = useRef(false);
  const busy = useRef(false);

  /** Checks the values and shows (or clears) the message of one field. */
  const check = (field: Field, checked: LoginValues) => {
    loadRules().then(
      (validate) => {
        const message = validate(checked).errors?.[field];
        setErrors((shown) => (shown[field] === message ? shown : { ...shown, [field]: message }));
      },
      () => undefined, // checked again on submit, which says when the rules cannot be fetched
    );
  };

  const field = (name: Field) => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (submitted.current) check(name, next);
    },
    onBlur: () => {
      if (!submitted.current) check(name, values);
    },
    error: errors[name],
    disabled: submitting,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      let checked: ReturnType<LoginValidator>;
      try {
        checked = (await loadRules())(values);
      } catch {
        await fail(t('ERROR.GENERIC'));
        return;
      }
      setErrors(checked.errors ?? {});
      if (!checked.values) {
        const first = FIELDS.find((name) => checked.errors?.[name] !== undefined);
        // After the fields are enabled again (they are disabled while submitting).
        if (first) setTimeout(() => inputs.current[first]?.focus());
        return;
      }
      setFailure(null);
      await delay(LOGIN_SUBMIT_DELAY_MS);
      try {
        const { accessToken } = await call(accountOperations.login, { body: checked.values });
        signIn(accessToken);
        navigate(safeReturnPath((location.state as { from?: unknown } | null)?.from), { replace: true });
      } catch (error) {
        await fail(loginFailure(error, t));
      }
    } finally {
      submitted.current = true;
      busy.current = false;
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="lg">
      <AuthHeading title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />

      {failure ? <failure.View>{failure.text}</failure.View> : null}

      <form onSubmit={onSubmit} onFocus={preload} noValidate>
        <Stack gap="md">
          <AuthEmailInput {...field('email')} />
          <PasswordField {...field('password')} label={t('field.Password')} autoComplete="current-password" size="md" />
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>

      <Text size="sm" ta="center">
        {t('auth.login.noAccount')}{' '}
        <Anchor component={Link} to="/auth/registration" fw={600}>
          {t('auth.login.signUp')}
        </Anchor>
      </Text>
    </Stack>
  );
}
