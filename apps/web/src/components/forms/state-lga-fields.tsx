import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n';
import { useStates } from '../../lib/queries/reference';

interface StateLgaValues {
  /** A state's alias; a form's schema may also take the state as the API answers it. */
  state?: unknown;
  lga?: string;
}

/**
 * Where the fields' texts sit in the message catalogue: the labels `${field}.state` and `${field}.lga`;
 * `${form}.statePlaceholder`, `${form}.lgaPlaceholder`, `${form}.lgaFirst` and `${form}.nothingFound`.
 */
export interface StateLgaTexts {
  field: string;
  form: string;
}

interface StateLgaFieldsProps<T extends StateLgaValues, Output extends FieldValues> {
  form: UseFormReturn<T, unknown, Output>;
  texts: StateLgaTexts;
  /** The place as saved: its LGA stays offered though the list spells it otherwise. */
  saved?: { state?: string | null; lga?: string | null };
}

/** A place's state and, once one is chosen, an LGA of that state: two selects, laid out by the form's grid. */
export function StateLgaFields<T extends StateLgaValues, Output extends FieldValues>({
  form: typedForm,
  texts,
  saved,
}: StateLgaFieldsProps<T, Output>) {
  // react-hook-form cannot name the paths of a generic form: these fields only touch `state` and `lga`.
  const form = typedForm as unknown as UseFormReturn<StateLgaValues>;
  const { t } = useTranslation();
  const states = useStates();
  const chosenState = useWatch({ control: form.control, name: 'state' });
  const lgaOptions = useMemo(() => {
    const lgas = states.data?.find((option) => option.alias === chosenState)?.lgas ?? [];
    // A select shows nothing for a value it lacks.
    const kept = saved?.lga && saved.state === chosenState && !lgas.includes(saved.lga) ? [saved.lga] : [];
    return [...kept, ...lgas];
  }, [states.data, chosenState, saved?.state, saved?.lga]);

  return (
    <>
      <Controller
        control={form.control}
        name="state"
        render={({ field, fieldState }) => (
          <Select
            label={t(`${texts.field}.state`)}
            placeholder={t(`${texts.form}.statePlaceholder`)}
            searchable
            clearable
            nothingFoundMessage={t(`${texts.form}.nothingFound`)}
            data={(states.data ?? []).map((state) => ({ value: state.alias, label: state.state }))}
            value={typeof field.value === 'string' && field.value ? field.value : null}
            onChange={(value) => {
              field.onChange(value ?? '');
              // An LGA belongs to one state: a new state clears it.
              form.setValue('lga', '', { shouldDirty: true });
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="lga"
        render={({ field, fieldState }) => (
          <Select
            label={t(`${texts.field}.lga`)}
            placeholder={chosenState ? t(`${texts.form}.lgaPlaceholder`) : t(`${texts.form}.lgaFirst`)}
            searchable
            clearable
            disabled={!chosenState}
            nothingFoundMessage={t(`${texts.form}.nothingFound`)}
            data={lgaOptions}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}
