/** A list field's own message (none, too many), apart from its rows' messages: on the field, or on its root. */
export function listErrorOf(error: { message?: string; root?: { message?: string } } | undefined): string | undefined {
  return error?.message ?? error?.root?.message;
}
