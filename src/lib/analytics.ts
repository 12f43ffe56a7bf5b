import type { AnalyticsEventName } from '../domain/analytics.ts';
import type { TrackEventRequest } from '../domain/endpoints/analytics.ts';
import { endpoints } from '../domain/endpoints/paths.ts';
import { apiBase } from './api/base.ts';

/** True when the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
export function trackingRefused(nav: Navigator = navigator): boolean {
  const withGpc = nav as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || withGpc.globalPrivacyControl === true;
}

/** Sends one analytics event without delaying the page; does nothing under Do Not Track. */
export function track(name: AnalyticsEventName, extra: Omit<TrackEventRequest, 'name' | 'path'> = {}): void {
  if (trackingRefused()) return;
  const event: TrackEventRequest = { name, path: location.pathname, locale: document.documentElement.dataset.locale, ...extra };
  // A keepalive POST outlives the page like a beacon; text/plain keeps it a CORS "simple"
  // request when the API is on another origin (no preflight).
  void fetch(`${apiBase()}${endpoints.trackEvent}`, {
    method: 'POST',
    body: JSON.stringify(event),
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    keepalive: true,
    credentials: 'include',
  }).catch(() => undefined);
}

/** The page view tracked after each navigation (spec §2 navigation guard). */
export function trackPageView(): void {
  track('pageView');
}
