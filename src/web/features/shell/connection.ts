// Link prefetching is skipped on 2g or data-saver connections (shell §9). The one place that
// decides; prefetch.ts asks it before every prefetch.
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

export function canPrefetch(connection: ConnectionInfo | undefined | null): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

/** The browser's connection (Network Information API; absent in some browsers: prefetch then). */
export function currentConnection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}
