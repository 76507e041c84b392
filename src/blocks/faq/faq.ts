// FAQ logic: rows → questions, search, which items are open.
import { matchesSearch, searchTerms } from '../../shared/filters/search';
import { textOf } from '../media-src';

export interface FaqItem {
  /** Stable key: the row's _id, else its position. */
  id: string;
  question: string;
  answer: string;
}

/** One item per row with a question; rows without one are skipped. */
export function faqItems(rows: Record<string, unknown>[], questionColumn: string, answerColumn: string): FaqItem[] {
  if (!questionColumn) return [];
  const out: FaqItem[] = [];
  rows.forEach((row, i) => {
    const question = textOf(row[questionColumn]);
    if (!question) return;
    out.push({ id: row._id !== undefined && row._id !== null ? String(row._id) : `row-${i}`, question, answer: answerColumn ? textOf(row[answerColumn]) : '' });
  });
  return out;
}

/** Items whose question or answer holds any of the comma-separated terms, case-insensitive (spec §9). */
export function searchFaq(items: FaqItem[], query: string): FaqItem[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return items;
  return items.filter((it) => matchesSearch(`${it.question}\u0000${it.answer}`.toLowerCase(), terms));
}

/** The open items at first: the first one when expand_first_item is on. */
export function initialOpen(items: FaqItem[], expandFirst: boolean): string[] {
  return expandFirst && items[0] ? [items[0].id] : [];
}

/** Opens or closes an item; with allow_multiple_open off, opening one closes the others. */
export function toggleOpen(open: readonly string[], id: string, allowMultiple: boolean): string[] {
  if (open.includes(id)) return open.filter((x) => x !== id);
  return allowMultiple ? [...open, id] : [id];
}
