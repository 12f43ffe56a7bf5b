/**
 * A file a visitor chose before signing up, kept in IndexedDB (local storage
 * cannot hold 10 MB) and taken back once, after sign-up (issue 11).
 */
const dbName = 'inkwise';
const storeName = 'kept-files';

/** Local-storage marker of a kept file, so the island can hydrate at once to take it (client:idle-or-interaction eagerStorage). */
export const keptFileMarker = (key: string) => `inkwise-kept-file-${key}`;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(dbName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function run<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const request = body(db.transaction(storeName, mode).objectStore(storeName));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      }).finally(() => db.close()),
  );
}

/** Keeps `file` under `key` (one file per key); answers false when the browser refuses. */
export async function keepFile(key: string, file: File): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  await run('readwrite', (store) => store.put({ name: file.name, type: file.type, blob: file, savedAt: Date.now() }, key));
  localStorage.setItem(keptFileMarker(key), '1');
  return true;
}

/** Takes the file kept under `key` (and forgets it); a day-old file is dropped. */
export async function takeFile(key: string, maxAgeMs = 24 * 60 * 60 * 1000): Promise<File | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  localStorage.removeItem(keptFileMarker(key));
  const kept = await run<{ name: string; type: string; blob: Blob; savedAt: number } | undefined>('readonly', (store) => store.get(key));
  if (!kept) return undefined;
  await run('readwrite', (store) => store.delete(key));
  if (Date.now() - kept.savedAt > maxAgeMs) return undefined;
  return new File([kept.blob], kept.name, { type: kept.type });
}
