import { createApiClient, type ApiBindings, type CallOptions } from './client.ts';
import { apiBase } from './base.ts';

let bindings: ApiBindings = {
  baseURL: apiBase(),
  accessToken: () => undefined,
  locale: () => (typeof document === 'undefined' ? 'en' : (document.documentElement.dataset.locale ?? 'en')),
  onUnauthorized: () => undefined,
  toast: () => undefined,
  texts: { network: 'Network error', http: (status) => `HTTP ${status}` },
};
let client = createApiClient(bindings);

/** Connects the one API client to the stores (tokens, locale, toasts); called once by the session store. */
export function bindApi(next: Partial<ApiBindings>): void {
  bindings = { ...bindings, ...next };
  client = createApiClient(bindings);
}

/** Calls the provider API through the bound client (spec §7–§8). */
export function api<T>(path: string, options?: CallOptions): Promise<T> {
  return client<T>(path, options);
}
