// The offline gate's store on the device (decision 0054), in IndexedDB: the day's bundle (one record) and
// the queue of scans the server has not settled yet. Small on purpose: two object stores, a few calls.
import type { OfflineBundle, QueuedScan } from '@/universal/offline-gate';

const DB_NAME = 'skypass-gate';
const BUNDLE = 'bundle';
const SCANS = 'scans';

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(BUNDLE);
      request.result.createObjectStore(SCANS, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
  return opened;
}

async function run<T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = work(tx.objectStore(store));
    tx.oncomplete = () => resolve(request ? request.result : undefined);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

export const loadBundle = () => run<OfflineBundle | undefined>(BUNDLE, 'readonly', (s) => s.get('day') as IDBRequest<OfflineBundle | undefined>);
export const saveBundle = (bundle: OfflineBundle) => run(BUNDLE, 'readwrite', (s) => void s.put(bundle, 'day'));
export const queuedScans = async () => ((await run<QueuedScan[]>(SCANS, 'readonly', (s) => s.getAll() as IDBRequest<QueuedScan[]>)) ?? []).sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
export const queueScan = (scan: QueuedScan) => run(SCANS, 'readwrite', (s) => void s.put(scan));
export const forgetScans = (ids: string[]) =>
  run(SCANS, 'readwrite', (s) => {
    for (const id of ids) s.delete(id);
  });
