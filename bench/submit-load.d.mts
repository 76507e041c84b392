// Types of submit-load.mjs (plain JavaScript: it also runs in a worker thread).
export interface LoadOptions {
  mode: 'burst' | 'paced';
  /** The index of each guest's first submit (its Order IDs go on from there). */
  first: number;
  guests: number;
  rounds: number;
  rate: number;
  seconds: number;
  formId: string;
}
export interface LoadResult {
  latencies: number[];
  statuses: Record<string, number>;
  failures: string[];
  wallMs: number;
  sent: number;
}
export function guestIp(g: number): string;
export function submitBody(formId: string, g: number, k: number): { blockId: string; values: Record<string, string> };
export function runLoad(o: LoadOptions, send: (g: number, body: unknown) => Promise<{ status: number; body: string }>): Promise<LoadResult>;
