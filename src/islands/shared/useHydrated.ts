import { useEffect, useState } from 'react';

/**
 * False in the server-rendered HTML and during hydration, true once the
 * island is live: render the static frame first, then what needs the browser
 * (the same markup on both sides, so hydration never mismatches or shifts).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
