import { SR_RECEIVER_TYPES, type SrReceiverType } from '@amp/contracts/service-request';
import { Badge, Box, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCertificate } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n';
import { serverSearchProps } from '../data/remote-multi-select';
import { FULL_ROW } from './form-section';
import { type ProviderOption, type ProviderSource, providerOptionsQuery, useProviderOptions } from './provider-options-api';
import type { RequestFormTexts } from './request-form-texts';
import type { SubjectValues } from './subject-fields';

/** Who a request goes to. */
export interface ProviderValues {
  receiverType: SrReceiverType | '';
  provider: string;
}

interface ProviderFieldsProps<T extends ProviderValues> {
  form: UseFormReturn<T>;
  source: ProviderSource;
  texts: RequestFormTexts;
  /** What the request is about: the provider holding it is proposed. */
  subject: SubjectValues;
  /** Also says what the copied SLA means for the request (`${form}.slaCopiedHint`, `${form}.noSlaHint`). */
  withSlaHint?: boolean;
  /** The chosen provider's name ('' for none), e.g. to title its pricebook. */
  onProviderName?(name: string): void;
}

/**
 * The receiver type and the provider: the provider holding the asset (or cluster) is found across
 * the receiver types, proposed first and chosen for the user; the SLA binding the chosen one is named.
 */
export function ProviderFields<T extends ProviderValues>({
  form: typedForm,
  source,
  texts,
  subject,
  withSlaHint = false,
  onProviderName,
}: ProviderFieldsProps<T>) {
  // react-hook-form cannot name the paths of a generic form: these fields only touch ProviderValues.
  const form = typedForm as unknown as UseFormReturn<ProviderValues>;
  const { t } = useTranslation();
  const holderWord = subject.asset ? 'asset' : 'cluster';
  const [receiverType, provider] = form.watch(['receiverType', 'provider']);
  const [search, setSearch] = useState('');
  const providerTouched = useRef(false);
  const receiverTouched = useRef(false);
  const known = useRef(new Map<string, ProviderOption>());
  const chosen = provider ? known.current.get(provider) : undefined;
  const [debounced] = useDebouncedValue(chosen && search === chosen.name ? '' : search, 300);
  const hasSubject = Boolean(subject.asset || subject.cluster);
  const providers = useProviderOptions(source, { receiverType, asset: subject.asset, cluster: subject.cluster, search: debounced });
  for (const option of providers.data ?? []) known.current.set(option._id, option);

  // Until the user picks a receiver type, every type is asked who holds the asset: that one is proposed.
  const probing = hasSubject && receiverType === '' && !receiverTouched.current;
  const probes = useQueries({
    queries: SR_RECEIVER_TYPES.map((type) => ({
      ...providerOptionsQuery(source, { receiverType: type, asset: subject.asset, cluster: subject.cluster, search: '' }),
      enabled: probing,
    })),
  });
  const holderType = probing ? SR_RECEIVER_TYPES.find((_, index) => probes[index]?.data?.some((option) => option.holder)) : undefined;
  useEffect(() => {
    if (holderType && form.getValues('receiverType') === '')
      form.setValue('receiverType', holderType, { shouldValidate: form.formState.isSubmitted });
  }, [holderType, form]);

  // The holder is chosen unless the user chose someone still offered.
  const unsearched = !debounced && providers.data && !providers.isPlaceholderData ? providers.data : undefined;
  useEffect(() => {
    if (!unsearched) return;
    const current = form.getValues('provider');
    const stillOffered = unsearched.some((option) => option._id === current);
    if (providerTouched.current && stillOffered) return;
    const next = unsearched.find((option) => option.holder)?._id ?? (stillOffered ? current : '');
    if (next !== current) form.setValue('provider', next, { shouldValidate: form.formState.isSubmitted });
  }, [unsearched, form]);
  useEffect(() => onProviderName?.(chosen?.name ?? ''), [chosen?.name, onProviderName]);

  const options = useMemo(() => {
    const list = providers.data ?? [];
    const all = chosen && !list.some((option) => option._id === chosen._id) ? [chosen, ...list] : list;
    return all.map((option) => ({ value: option._id, label: option.name }));
  }, [providers.data, chosen]);
  const holderName = unsearched?.find((option) => option.holder)?.name;

  return (
    <>
      <Controller
        control={form.control}
        name="receiverType"
        render={({ field, fieldState }) => (
          <Select
            label={t(`${texts.field}.receiverType`)}
            withAsterisk
            placeholder={t(`${texts.form}.chooseReceiverType`)}
            allowDeselect={false}
            name={field.name}
            ref={field.ref}
            data={SR_RECEIVER_TYPES.map((type) => ({ value: type, label: t(`${texts.receiverType}.${type}`) }))}
            value={field.value || null}
            onChange={(value) => {
              receiverTouched.current = true;
              providerTouched.current = false;
              field.onChange(value ?? '');
              setSearch('');
              form.setValue('provider', '');
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="provider"
        render={({ field, fieldState }) => (
          <Select
            label={t(`${texts.field}.provider`)}
            withAsterisk
            placeholder={receiverType ? t(`${texts.form}.chooseProvider`) : t(`${texts.form}.chooseReceiverTypeFirst`)}
            disabled={!receiverType}
            clearable
            name={field.name}
            ref={field.ref}
            data={options}
            value={field.value || null}
            onChange={(value) => {
              providerTouched.current = true;
              field.onChange(value ?? '');
              setSearch('');
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            renderOption={({ option }) => {
              const item = known.current.get(option.value);
              return (
                <ProviderOptionLabel
                  name={option.label}
                  holderLabel={item?.holder ? t(`${texts.form}.holder.${holderWord}`) : null}
                  slaLabel={item?.sla ? t(`${texts.form}.slaOption`, { title: item.sla.title }) : t(`${texts.form}.noSlaOption`)}
                />
              );
            }}
            {...serverSearchProps({
              search,
              onSearchChange: setSearch,
              loading: providers.isFetching,
              loadingMessage: t('common.loading'),
              nothingFoundMessage: receiverType
                ? t(`${texts.form}.noProvider`, { type: t(`${texts.receiverType}.${receiverType}`) })
                : t(`${texts.form}.chooseReceiverTypeFirst`),
            })}
          />
        )}
      />
      <Box style={FULL_ROW}>
        {chosen ? (
          <ProviderNote chosen={chosen} holderName={holderName} holderWord={holderWord} texts={texts} withSlaHint={withSlaHint} />
        ) : hasSubject ? null : (
          <Text size="xs" c="dimmed">
            {t(`${texts.form}.chooseTargetForHolder`)}
          </Text>
        )}
      </Box>
    </>
  );
}

/** A provider in a list of them: its name, whether it holds the asset, and the SLA that binds it. */
export function ProviderOptionLabel({ name, holderLabel, slaLabel }: { name: string; holderLabel: string | null; slaLabel: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Group gap={6} wrap="wrap">
        <Text size="sm">{name}</Text>
        {holderLabel ? (
          <Badge size="xs" variant="light" color="teal">
            {holderLabel}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {slaLabel}
      </Text>
    </Stack>
  );
}

/** What the chosen provider means for the request: the SLA it brings, and whether it holds the asset. */
function ProviderNote({
  chosen,
  holderName,
  holderWord,
  texts,
  withSlaHint,
}: {
  chosen: ProviderOption;
  holderName: string | undefined;
  holderWord: 'asset' | 'cluster';
  texts: RequestFormTexts;
  withSlaHint: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" bg={chosen.sla ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-gray-0)'}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCertificate
          size={20}
          stroke={1.5}
          color={chosen.sla ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-dimmed)'}
          aria-hidden
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {chosen.sla ? t(`${texts.form}.slaCopied`, { title: chosen.sla.title }) : t(`${texts.form}.noSla`)}
          </Text>
          {withSlaHint ? (
            <Text size="xs" c="dimmed">
              {chosen.sla ? t(`${texts.form}.slaCopiedHint`) : t(`${texts.form}.noSlaHint`)}
            </Text>
          ) : null}
          {chosen.holder ? (
            <Text size="xs" c="teal.8">
              {t(`${texts.form}.isHolder.${holderWord}`, { name: chosen.name })}
            </Text>
          ) : holderName ? (
            <Text size="xs" c="orange.9">
              {t(`${texts.form}.notHolder.${holderWord}`, { name: holderName })}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
