import { pathOf } from '@amp/contracts/operations/operation';
import { referenceOperations } from '@amp/contracts/operations/reference';
import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the API. navigator.onLine alone says too little (a phone on a dead
 * Wi-Fi reports "online"), so a request that fails at the network level marks the app offline
 * until the next request that gets an answer, or the browser's next `online` event.
 */
let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let fetchFailed = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Whether the app believes it can reach the API right now. */
export function isOnline(): boolean {
  return browserOnline && !fetchFailed;
}

/** How often, while requests fail but the browser says it is online, a small request checks the API again. */
const PROBE_INTERVAL_MS = 15_000;
/** A cheap public answer: any answer at all means the API can be reached. */
const PROBE_URL = pathOf(referenceOperations.states);
let probeTimer: ReturnType<typeof setInterval> | undefined;

function probe() {
  if (!browserOnline) return;
  fetch(PROBE_URL, { method: 'HEAD', cache: 'no-store' }).then(reportNetworkSuccess, () => undefined);
}

/** A request failed without an answer (fetch rejected: no network, a dead Wi-Fi, a dropped connection). */
export function reportNetworkFailure() {
  if (fetchFailed) return;
  fetchFailed = true;
  // Nothing else asks the API while the app believes it is offline, so something must find out when it is back.
  probeTimer ??= setInterval(probe, PROBE_INTERVAL_MS);
  emit();
}

/** A request got an answer (any HTTP status): the API is reachable. */
export function reportNetworkSuccess() {
  if (!fetchFailed) return;
  fetchFailed = false;
  clearInterval(probeTimer);
  probeTimer = undefined;
  emit();
}

/**
 * Whether an error is a failure to reach the server rather than the server's answer: fetch rejects
 * with a TypeError whose message names the network ("Failed to fetch" in Chromium, "NetworkError
 * when attempting to fetch resource." in Firefox, "Load failed" in Safari). Other TypeErrors are bugs.
 */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof DOMException) return error.name === 'NetworkError';
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    browserOnline = true;
    // The browser's own signal is a fresh start: the next request will tell whether it really works.
    fetchFailed = false;
    clearInterval(probeTimer);
    probeTimer = undefined;
    emit();
  });
  window.addEventListener('offline', () => {
    browserOnline = false;
    emit();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Subscribes to changes of isOnline() outside React (returns the unsubscribe function). */
export function onNetworkChange(listener: () => void): () => void {
  return subscribe(listener);
}

/** True while the app can reach the API; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
