// The multipart forms of file imports (POST /api/spreadsheets, /preview, /{id}/reimport), as the
// REST API reference shows them (server/modules/developer/openapi.ts). The server reads these
// fields as they stream in (spreadsheets/routes.ts importChoices); fields go before the file.
import { z } from 'zod';
import { TEXT_ENCODINGS } from './spreadsheets';

const file = z.string().meta({ format: 'binary', description: 'The CSV, XLSX or XLS file (form field `file`, sent last).' });
const readChoices = {
  encoding: z.enum(TEXT_ENCODINGS).optional().meta({ description: "A CSV's text encoding (detected when not given)." }),
  delimiter: z.enum([',', ';', '\\t', '|']).optional().meta({ description: "A CSV's column separator (detected when not given)." }),
  header: z.enum(['true', 'false']).optional().meta({ description: 'Whether the first row holds the column names (default true).' }),
  column_types: z.string().optional().meta({ description: 'JSON `{column: type}`: the types you choose; the others are guessed.' }),
};

export const ImportForm = z.object({
  title: z.string().max(200).optional().meta({ description: "The spreadsheet's title (default: the file name)." }),
  ...readChoices,
  file,
});
export const PreviewForm = z.object({ ...readChoices, file });
export const ReimportForm = z.object({
  mode: z.enum(['replace', 'append']).meta({ description: "'replace' the sheets' rows, or 'append' after them (also accepted in the query)." }),
  preview: z.enum(['true', 'false']).optional().meta({ description: "'true': answer what would change, store nothing." }),
  file,
});
