import { describe, expect, it } from 'vitest';
import { faqItems, initialOpen, searchFaq, toggleOpen, type FaqItem } from './faq';

const rows = [
  { _id: 'a', Q: 'How do I pay?', A: 'By card or PayPal.' },
  { _id: 'b', Q: '  ', A: 'orphan answer' },
  { _id: 'c', Q: 'Shipping times', A: 'Usually 3 DAYS.' },
  { Q: 'Returns?', A: null },
];

describe('faqItems', () => {
  it('one item per row with a question; ids from _id, else the position', () => {
    expect(faqItems(rows, 'Q', 'A')).toEqual([
      { id: 'a', question: 'How do I pay?', answer: 'By card or PayPal.' },
      { id: 'c', question: 'Shipping times', answer: 'Usually 3 DAYS.' },
      { id: 'row-3', question: 'Returns?', answer: '' },
    ]);
  });
  it('no question column: nothing', () => {
    expect(faqItems(rows, '', 'A')).toEqual([]);
  });
});

describe('searchFaq', () => {
  const items = faqItems(rows, 'Q', 'A');
  it.each([
    ['', ['a', 'c', 'row-3']],
    ['pay', ['a']],
    ['PAYPAL', ['a']],
    ['3 days', ['c']],
    ['returns, shipping', ['c', 'row-3']],
    ['nothing here', []],
    [' , ', ['a', 'c', 'row-3']],
  ])('%j finds %j', (q, ids) => {
    expect(searchFaq(items, q).map((i) => i.id)).toEqual(ids);
  });
});

describe('open items', () => {
  const items: FaqItem[] = [
    { id: '1', question: 'q1', answer: '' },
    { id: '2', question: 'q2', answer: '' },
  ];
  it.each([
    [true, ['1']],
    [false, []],
  ])('expand_first_item %s', (expand, open) => {
    expect(initialOpen(items, expand)).toEqual(open);
    expect(initialOpen([], expand)).toEqual([]);
  });
  it.each([
    [[], '1', false, ['1']],
    [['1'], '2', false, ['2']],
    [['1'], '2', true, ['1', '2']],
    [['1', '2'], '1', true, ['2']],
    [['1'], '1', false, []],
  ])('open %j, toggle %s, multiple %s → %j', (open, id, multiple, out) => {
    expect(toggleOpen(open, id, multiple)).toEqual(out);
  });
});
