/** What a dialog's step runner tells the dialog: a message to keep in it, or that it is over. */
export interface DialogOutcome {
  /** Keeps the dialog open with the message next to its field (a 400, or the contract's own rule). */
  fail(message: string | null): void;
  /** Empties the dialog and closes it: done, or failed in a way told elsewhere (a notification). */
  done(): void;
}
