// Parses the sample spreadsheet for sample.ts on a thread of its own: exceljs (and what it loads,
// some 10 MB) lives and goes with the thread instead of staying in the server for good.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { parseXlsx } from '../../sheets';

const { file } = workerData as { file: string };
parentPort!.postMessage(await parseXlsx(fs.readFileSync(file)));
