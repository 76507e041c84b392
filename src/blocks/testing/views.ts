// Server-side renders of block views for the unit tests (no DOM needed): the data the renderer
// hands a view, and the view drawn to HTML inside Mantine, as the web renderer mounts it. Only
// tests import this module; no view or registry does.
import { MantineProvider } from '@mantine/core';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { normalizeBlock } from '../../shared/settings/block';
import type { BlockRecord, BlockSchema } from '../../shared/settings/types';
import { BlockChromeContext, type BlockChrome } from '../BlockFrame';
import type { BlockData, BlockViewProps, ViewMode } from '../types';

type Row = Record<string, unknown>;

/**
 * The data of a view whose rows are all loaded: no query, nothing loading, no error, a guest
 * looking. The columns are the first row's keys; `patch` sets anything else.
 */
export function viewData(rows: Row[] = [], patch: Partial<BlockData> = {}): BlockData {
  return { rows, columns: Object.keys(rows[0] ?? {}), total: rows.length, loading: false, error: null, sheets: {}, viewer: { role: 'guest', email: null }, ...patch };
}

/**
 * A view's HTML for a stored block record. The view gets the data's rows and columns, as the
 * renderer passes them; `chrome` draws it inside a frame of that kind (the default is 'body').
 */
export function renderView(View: ComponentType<BlockViewProps>, config: BlockRecord, data: BlockData = viewData(), mode: ViewMode = 'view', chrome?: BlockChrome): string {
  const view = createElement(View, { config, rows: data.rows, columns: data.columns, mode, data });
  return renderToString(createElement(MantineProvider, null, chrome ? createElement(BlockChromeContext.Provider, { value: chrome }, view) : view));
}

/** renderView of the record the server would store for these settings (defaults filled in). */
export function renderBlock(View: ComponentType<BlockViewProps>, schema: BlockSchema, settings: Row, data: BlockData = viewData(), mode: ViewMode = 'view', chrome?: BlockChrome): string {
  return renderView(View, normalizeBlock(schema, settings), data, mode, chrome);
}
