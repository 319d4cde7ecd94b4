import { makeRegisterSchema } from '@amp/contracts/account';
import { registrationOperations } from '@amp/contracts/operations/registration';
import { ACCOUNT_TYPES } from '@amp/contracts/organisation';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconBuilding, IconCircleCheck, IconUser } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { call } from '../../lib/api-call';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { useCategories, useStates } from '../../lib/queries/reference';
import { AuthHeading } from './auth-form-parts';

type RegisterSchema = ReturnType<typeof makeRegisterSchema>;
type FormInput = z.input<RegisterSchema>;
type FormOutput = z.output<RegisterSchema>;
type Kind = 'individual' | 'company';

/** docs/product.md#limits-and-constants: the registration forms scroll at 400 px height. */
const FORM_AREA_HEIGHT = 400;

const EMPTY: FormInput = {
  firstName: '',
  lastName: '',
  email: '',
  companyName: '',
  designation: '',
  telephone: '',
  address: '',
  state: undefined,
  lga: '',
  category: [],
  subCategory: [],
  isCompany: false,
  accountType: undefined as unknown as FormInput['accountType'],
  acceptTerms: undefined as unknown as true,
};

/** Empty optional texts are left out rather than sent as "". */
function blankToUndefined(value: string | undefined) {
  return value ? value : undefined;
}

export default function RegistrationPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('auth.register.title')} · AMP`);
  const [kind, setKind] = useState<Kind>('individual');
  const [outcome, setOutcome] = useState<'success' | 'failure' | null>(null);
  // The resolver reads the tab through a ref, so it stays one stable function.
  const kindRef = useRef<Kind>('individual');
  const resolver = useMemo<Resolver<FormInput, unknown, FormOutput>>(() => {
    const schema = makeRegisterSchema(translateMessage);
    const individual = zodResolver(schema);
    // The API refuses a company registration without a company name (isCompany needs one).
    const company = zodResolver(
      schema.superRefine((values, ctx) => {
        if (!values.companyName) {
          ctx.addIssue({
            code: 'custom',
            path: ['companyName'],
            message: translateMessage('VALIDATION.REQUIRED', { field: 'Company name' }),
          });
        }
      }),
    );
    return (values, context, options) => (kindRef.current === 'company' ? company : individual)(values, context, options);
  }, []);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver, mode: 'onTouched', defaultValues: EMPTY });
  const {
    control,
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = form;

  const states = useStates();
  const categories = useCategories();

  const [chosenState, chosenCategories, acceptTerms, companyName] = useWatch({
    control,
    name: ['state', 'category', 'acceptTerms', 'companyName'],
  });
  const lgaOptions = useMemo(
    () => states.data?.find((option) => option.alias === chosenState?.alias)?.lgas ?? [],
    [states.data, chosenState?.alias],
  );
  // Sub-category options come from the chosen categories (docs/product.md#registration), grouped by category.
  const subCategoryOptions = useMemo(
    () =>
      (categories.data ?? [])
        .filter((category) => chosenCategories?.includes(category._id))
        .map((category) => ({ group: category.name, items: category.subCategories.map((sub) => ({ value: sub._id, label: sub.name })) }))
        .filter((group) => group.items.length > 0),
    [categories.data, chosenCategories],
  );
  const categoryOptions = useMemo(() => (categories.data ?? []).map((c) => ({ value: c._id, label: c.name })), [categories.data]);

  const chooseCategories = (ids: string[]) => {
    setValue('category', ids, { shouldDirty: true, shouldValidate: true });
    // Changing the category clears the sub-categories (docs/product.md#registration).
    setValue('subCategory', [], { shouldValidate: true });
  };

  const switchKind = (next: Kind) => {
    setKind(next);
    kindRef.current = next;
    // The Individual tab allows a single category.
    if (next === 'individual' && (chosenCategories?.length ?? 0) > 1) chooseCategories(chosenCategories!.slice(0, 1));
  };

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    const isCompany = kind === 'company';
    try {
      await call(registrationOperations.register, {
        body: {
          ...values,
          companyName: isCompany ? values.companyName : undefined,
          designation: blankToUndefined(values.designation),
          telephone: blankToUndefined(values.telephone),
          address: blankToUndefined(values.address),
          lga: blankToUndefined(values.lga),
          // docs/product.md#registration: isCompany is true when a company name is given, which the Company tab requires.
          isCompany,
        },
      });
      setOutcome('success');
      reset(EMPTY);
    } catch {
      setOutcome('failure');
    }
  });

  const fields = (
    <ScrollArea h={FORM_AREA_HEIGHT} type="auto" offsetScrollbars>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" p={2} pr={4}>
        <TextInput
          {...register('firstName')}
          label={t('field.First name')}
          autoComplete="given-name"
          withAsterisk
          error={errors.firstName?.message}
        />
        <TextInput
          {...register('lastName')}
          label={t('field.Last name')}
          autoComplete="family-name"
          withAsterisk
          error={errors.lastName?.message}
        />
        <TextInput
          {...register('email')}
          type="email"
          label={t('field.Email')}
          autoComplete="email"
          withAsterisk
          error={errors.email?.message}
        />
        {kind === 'company' ? (
          <TextInput
            {...register('companyName')}
            label={t('field.Company name')}
            autoComplete="organization"
            withAsterisk
            error={errors.companyName?.message}
          />
        ) : null}
        <TextInput
          {...register('designation')}
          label={t('field.Designation')}
          autoComplete="organization-title"
          error={errors.designation?.message}
        />
        <TextInput
          {...register('telephone')}
          type="tel"
          label={t('field.Telephone')}
          autoComplete="tel"
          error={errors.telephone?.message}
        />
        <TextInput {...register('address')} label={t('field.Address')} autoComplete="street-address" error={errors.address?.message} />
        <Controller
          control={control}
          name="state"
          render={({ field }) => (
            <Select
              label={t('field.State')}
              placeholder={t('auth.register.choose')}
              data={(states.data ?? []).map((option) => ({ value: option.alias, label: option.state }))}
              value={field.value?.alias ?? null}
              onChange={(alias) => {
                const option = states.data?.find((s) => s.alias === alias);
                field.onChange(option ? { state: option.state, alias: option.alias } : undefined);
                // LGAs belong to one state.
                setValue('lga', '');
              }}
              onBlur={field.onBlur}
              searchable
              clearable
              nothingFoundMessage={t('common.nothingFound')}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Controller
          control={control}
          name="lga"
          render={({ field, fieldState }) => (
            <Select
              label={t('field.LGA')}
              placeholder={chosenState ? t('auth.register.choose') : t('auth.register.chooseStateFirst')}
              data={lgaOptions}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              disabled={!chosenState}
              searchable
              clearable
              error={fieldState.error?.message}
              nothingFoundMessage={t('common.nothingFound')}
            />
          )}
        />
        <Controller
          control={control}
          name="accountType"
          render={({ field, fieldState }) => (
            <Select
              label={t('field.Account type')}
              placeholder={t('auth.register.choose')}
              data={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`auth.accountType.${type}`) }))}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? undefined)}
              onBlur={field.onBlur}
              withAsterisk
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="category"
          render={({ field, fieldState }) =>
            kind === 'individual' ? (
              <Select
                label={t('field.Category')}
                placeholder={t('auth.register.choose')}
                data={categoryOptions}
                value={field.value?.[0] ?? null}
                onChange={(value) => chooseCategories(value ? [value] : [])}
                onBlur={field.onBlur}
                searchable
                clearable
                error={fieldState.error?.message}
                nothingFoundMessage={t('common.nothingFound')}
              />
            ) : (
              <MultiSelect
                label={t('field.Category')}
                placeholder={field.value?.length ? undefined : t('auth.register.chooseMany')}
                data={categoryOptions}
                value={field.value ?? []}
                onChange={chooseCategories}
                onBlur={field.onBlur}
                searchable
                clearable
                error={fieldState.error?.message}
                nothingFoundMessage={t('common.nothingFound')}
              />
            )
          }
        />
        <Controller
          control={control}
          name="subCategory"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t('field.Sub-category')}
              placeholder={
                chosenCategories?.length
                  ? field.value?.length
                    ? undefined
                    : t('auth.register.chooseMany')
                  : t('auth.register.chooseCategoryFirst')
              }
              data={subCategoryOptions}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={!chosenCategories?.length}
              searchable
              clearable
              error={fieldState.error?.message}
              nothingFoundMessage={t('common.nothingFound')}
            />
          )}
        />
      </SimpleGrid>
    </ScrollArea>
  );

  return (
    <Stack gap="md">
      <AuthHeading title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} />

      {outcome === 'success' ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {t('REGISTER.SUCCESS')}
        </Alert>
      ) : null}
      {outcome === 'failure' || categories.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {t('REGISTER.FAILURE')}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Tabs value={kind} onChange={(value) => switchKind(value === 'company' ? 'company' : 'individual')} keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="individual">
                <Group gap={6} wrap="nowrap" component="span">
                  <IconUser size={16} />
                  {t('auth.register.individual')}
                </Group>
              </Tabs.Tab>
              <Tabs.Tab value="company">
                <Group gap={6} wrap="nowrap" component="span">
                  <IconBuilding size={16} />
                  {t('auth.register.company')}
                </Group>
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="individual" pt="md">
              {fields}
            </Tabs.Panel>
            <Tabs.Panel value="company" pt="md">
              {fields}
            </Tabs.Panel>
          </Tabs>

          <Controller
            control={control}
            name="acceptTerms"
            render={({ field, fieldState }) => (
              <Checkbox
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                label={
                  <>
                    {t('auth.register.acceptTerms')}{' '}
                    <Anchor component={Link} to="/help/legal" target="_blank" inherit>
                      {t('auth.register.terms')}
                    </Anchor>
                  </>
                }
                error={fieldState.error?.message}
              />
            )}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={isSubmitting}
            disabled={!isValid || acceptTerms !== true || (kind === 'company' && !companyName?.trim())}
          >
            {t('auth.register.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.register.haveAccount')}{' '}
            <Anchor component={Link} to="/auth/login" fw={600}>
              {t('auth.login.submit')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
