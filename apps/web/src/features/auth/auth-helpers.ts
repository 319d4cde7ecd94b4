/** Pages an unauthenticated user was sent away from; anything else falls back to the dashboard. */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/dashboard';
  // Going back to a sign-in or sign-out page after signing in would loop.
  if (from === '/' || from.startsWith('/auth') || from.startsWith('/logout')) return '/dashboard';
  return from;
}

/** docs/product.md#sign-in: the login submit is delayed by 1000 ms. */
export const LOGIN_SUBMIT_DELAY_MS = 1000;

export function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}
