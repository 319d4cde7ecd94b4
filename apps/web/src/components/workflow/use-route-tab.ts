import { useLocation } from 'react-router';

/** The list's tab named by the route's last segment (`/purchase-order/incoming`), or the first one. */
export function useRouteTab<Tab extends string>(tabs: readonly Tab[], fallback: Tab): Tab {
  const { pathname } = useLocation();
  return tabs.find((value) => pathname.replace(/\/+$/, '').endsWith(`/${value}`)) ?? fallback;
}
