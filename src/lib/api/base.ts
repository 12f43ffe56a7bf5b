/** The provider API origin (PUBLIC_API_BASE at build time); empty means the site's own origin. */
export function apiBase(): string {
  return (import.meta.env.PUBLIC_API_BASE ?? '').replace(/\/$/, '');
}
