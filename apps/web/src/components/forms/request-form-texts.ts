/**
 * Where a request form's texts sit in the message catalogue. The service request and the work order
 * forms name their texts alike, each under its own prefixes (`srForms.field.asset`,
 * `workOrders.field.asset`), so their shared fields read `${field}.asset`, `${form}.chooseAsset`, …
 */
export interface RequestFormTexts {
  /** Field labels: `${field}.asset`, `${field}.provider`, … */
  field: string;
  /** Placeholders, hints and notes: `${form}.chooseAsset`, `${form}.slaCopied`, … */
  form: string;
  /** A receiver type's name: `${receiverType}.MRO`. */
  receiverType: string;
  /** A priority's name: `${priority}.high`. */
  priority: string;
}
