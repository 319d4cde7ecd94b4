import { useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { notifySuccess } from '../data/server-errors';
import type { OrderLineTexts } from './cost-lines-editor';

/** Where each order's messages are in the catalogue (`PO.SENT`, `WO.SAVED`, ...). */
const MESSAGE_CODES: Record<OrderLineTexts, string> = { purchaseOrders: 'PO', workOrders: 'WO' };

/** What the order became, in the catalogue's words: sent, submitted, changed while awaiting approval, or a draft. */
function savedMessage(texts: OrderLineTexts, status: string, submit: boolean): string {
  const code = MESSAGE_CODES[texts];
  if (status === 'sent') return `${code}.SENT`;
  if (status === 'pending_approval') return submit ? `${code}.SUBMITTED` : `${texts}.form.changesSaved`;
  return `${code}.SAVED`;
}

interface SaveOrSubmitOptions<T extends FieldValues, R extends { _id: string; status: string }> {
  form: UseFormReturn<T>;
  texts: OrderLineTexts;
  /** Sends the form's values: as a draft, or submitted (for approval, or to the other party). */
  save(values: T, submit: boolean): Promise<R>;
  /** The saved order's page, where the form goes on to. */
  href(saved: R): string;
  /** A refused save: its messages onto their fields. */
  onRefused(error: unknown): void;
}

/**
 * An order's form saved as a draft or submitted, once its checks pass: says what the order became and
 * opens it. `submitting` tells which of the two runs, so its button spins and the other waits.
 */
export function useSaveOrSubmit<T extends FieldValues, R extends { _id: string; status: string }>({
  form,
  texts,
  save,
  href,
  onRefused,
}: SaveOrSubmitOptions<T, R>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submitting = useRef(false);
  const send = (submit: boolean) =>
    form.handleSubmit(async () => {
      submitting.current = submit;
      try {
        const saved = await save(form.getValues(), submit);
        notifySuccess(t(savedMessage(texts, saved.status, submit)));
        navigate(href(saved));
      } catch (error) {
        onRefused(error);
      }
    })();
  return { send, submitting: submitting.current };
}
