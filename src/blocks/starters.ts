// Blocks the server creates on the user's behalf, as data over the catalogue: the frame blocks a
// new multipage app's home page starts with, and the example board of a new workspace. They live
// here, not in src/server, because they name block kinds and their settings.
import { kindsThat, type BlockKind } from './schemas';

/** A new multipage app's home page: one block of each frame kind, header first, footer last. */
export const starterKinds: readonly BlockKind[] = [
  ...kindsThat((needs) => needs.frame === 'top'),
  ...kindsThat((needs) => needs.frame === 'bottom'),
];

/** A block to create: its kind and the settings that differ from the kind's defaults. */
export type StarterBlock = { type: BlockKind } & Record<string, unknown>;

/**
 * The example board (over the sample spreadsheet's Orders sheet): key-number cards, revenue by
 * category and by city side by side, and the orders table.
 */
export const exampleBoardBlocks: readonly StarterBlock[] = [
  {
    type: 'scorecard',
    title: 'Key numbers',
    full_width: true,
    axis: [
      { source: { sheet: 'Orders', column: 'Amount' }, label: 'Revenue', function: 'sum', symbol: '$' },
      { source: { sheet: 'Orders', column: 'Amount' }, label: 'Average order', function: 'average', symbol: '$' },
      { source: { sheet: 'Orders', column: 'Quantity' }, label: 'Items sold', function: 'sum', symbol: '' },
    ],
  },
  {
    type: 'chart',
    title: 'Revenue by category',
    sheet_title: 'Orders',
    x_axis: 'Category',
    axis: [{ column: 'Amount', type: 'bar', duplicateXAxis: 'sum' }],
  },
  {
    type: 'chart',
    title: 'Revenue by city',
    sheet_title: 'Orders',
    x_axis: 'City',
    legendPosition: 'bottom',
    axis: [{ column: 'Amount', type: 'pie', duplicateXAxis: 'sum' }],
  },
  {
    type: 'table',
    title: 'Orders',
    sheet_title: 'Orders',
    full_width: true,
    rows_per_page: 10,
  },
];
