import { describe, expect, it } from 'vitest';
import { patternProblem, regexTester } from '../../shared/rows/regex';
import { blockDefaults, normalizeBlock, validateBlock } from '../../shared/settings/block';
import { defaultsOf } from '../../shared/settings/defaults';
import { isVisible } from '../../shared/settings/visibility';
import {
  FORM_MESSAGES,
  acceptLabel,
  acceptOf,
  defaultValue,
  fileAccepted,
  formErrors,
  formFields,
  initialFormValues,
  isoWeek,
  nothingFilled,
  submitValues,
  todayFor,
  uploadAcceptOf,
  type FormField,
} from './form-fields';
import type { BlockData } from '../types';
import { renderView, viewData } from '../testing/views';
import { FormBlock } from './FormBlock';
import { formSchema } from './schema';

const form = (axis: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  normalizeBlock(formSchema, { id: 'f1', type: 'form', sheet_title: 'Leads', axis, ...extra });

describe('form schema', () => {
  it('block defaults of the spec', () => {
    expect(defaultsOf(formSchema.settings)).toMatchObject({
      titleForm: '',
      submit_text: 'Submit',
      submit_success: 'Data added to the spreadsheet',
      submit_button_color: '#4A90E2FF',
    });
  });

  it('axis defaults: text, placeholder Type here.., image/* files, nothing hidden or required', () => {
    expect(defaultsOf(formSchema.axis!.settings)).toMatchObject({
      type: 'text',
      placeholder: 'Type here..',
      file_mime_type: 'image/*',
      hide: false,
      required: false,
      regex_validation: '',
      default: '',
    });
  });

  it('offers the spec types and file kinds', () => {
    expect(formSchema.axis!.settings.type!.options!.map((o) => o.value)).toEqual([
      'text', 'number', 'select', 'multi-select', 'textarea', 'markdowntext', 'file', 'month', 'tel', 'time', 'url', 'week', 'email', 'date', 'datetime-local',
    ]);
    expect(formSchema.axis!.settings.file_mime_type!.options!.map((o) => o.label)).toEqual([
      'all', 'image', 'video', 'audio', 'text', 'pdf', 'doc/docx', 'csv/xml/xls/xlsm/xlsx',
    ]);
  });

  it.each<[Record<string, unknown>, string[], string[]]>([
    [{ type: 'text' }, ['regex_validation', 'placeholder', 'default', 'hide'], ['file_mime_type', 'options', 'source', 'from_google_sheet']],
    [{ type: 'file' }, ['file_mime_type', 'hide'], ['regex_validation', 'options']],
    [{ type: 'select', from_google_sheet: false }, ['options', 'from_google_sheet', 'regex_validation'], ['source', 'file_mime_type']],
    [{ type: 'multi-select', from_google_sheet: true }, ['source', 'from_google_sheet'], ['options']],
  ])('axis %j shows %j, hides %j', (values, shown, hidden) => {
    const all = { ...defaultsOf(formSchema.axis!.settings), ...values };
    for (const k of shown) expect(isVisible(formSchema.axis!.settings[k]!, all), k).toBe(true);
    for (const k of hidden) expect(isVisible(formSchema.axis!.settings[k]!, all), k).toBe(false);
  });

  it('a new form needs a sheet and the column of its first field', () => {
    expect(validateBlock(formSchema, blockDefaults(formSchema, 'x')).map((i) => i.path).sort()).toEqual(['axis.0.column', 'sheet_title']);
  });

  it('without a regex check (the main bundle), a pattern is not checked; with one it is', () => {
    const record = { ...blockDefaults(formSchema, 'x'), sheet_title: 'S', axis: [{ column: 'Pin', regex_validation: '(a)\\1' }] };
    expect(validateBlock(formSchema, record)).toEqual([]);
    expect(validateBlock(formSchema, record, { regex: patternProblem }).map((i) => i.path)).toEqual(['axis.0.regex_validation']);
  });

  it('refuses, naming the field, a regex_validation the linear-time engine cannot run', () => {
    const record = {
      ...blockDefaults(formSchema, 'x'),
      sheet_title: 'S',
      axis: [
        { column: 'Code', regex_validation: '^(a+)+$' },
        { column: 'Pin', regex_validation: '^([0-9])\\1$' },
        { column: 'Password', regex_validation: '^(?=.*[0-9]).{8,}$' },
        // A file field offers no pattern: whatever is stored there is never run.
        { column: 'Photo', type: 'file', regex_validation: '(x)\\1' },
      ],
    };
    expect(validateBlock(formSchema, record, { regex: patternProblem })).toEqual([
      { path: 'axis.1.regex_validation', message: "Allowed pattern of 'Pin' refers back to an earlier group (\\1), which is not supported: write the pattern without it" },
      { path: 'axis.2.regex_validation', message: "Allowed pattern of 'Password' looks ahead or behind ((?=, (?!, (?<=, (?<!), which is not supported: write the pattern without it" },
    ]);
  });
});

describe('file accept texts', () => {
  it.each<[unknown, string, string]>([
    ['*/*', '', 'all'],
    ['image/*', 'image/*', 'image'],
    ['video/*', 'video/*', 'video'],
    ['audio/*', 'audio/*', 'audio'],
    ['text/*', 'text/*', 'text'],
    ['application/pdf,.pdf', 'application/pdf,.pdf', 'pdf'],
    ['.doc,.docx', '.doc,.docx', 'doc/docx'],
    ['.csv,.xml,.xls,.xlsm,.xlsx', '.csv,.xml,.xls,.xlsm,.xlsx', 'csv/xml/xls/xlsm/xlsx'],
    // The spec's words as stored by older records.
    ['all', '', 'all'],
    ['pdf', 'application/pdf,.pdf', 'pdf'],
    ['Doc/Docx', '.doc,.docx', 'doc/docx'],
    ['csv/xml/xls/xlsm/xlsx', '.csv,.xml,.xls,.xlsm,.xlsx', 'csv/xml/xls/xlsm/xlsx'],
    // A hand-written accept list stays; nonsense falls back to images.
    ['.png, image/webp', '.png,image/webp', '.png,image/webp'],
    ['', 'image/*', 'image'],
    [undefined, 'image/*', 'image'],
    ['<script>', 'image/*', 'image'],
  ])('%j → accept %j, upload %j', (value, accept, upload) => {
    expect(acceptOf(value)).toBe(accept);
    expect(uploadAcceptOf(value)).toBe(upload);
  });

  it.each<[{ name: string; type: string }, string, boolean]>([
    [{ name: 'a.png', type: 'image/png' }, 'image/*', true],
    [{ name: 'a.pdf', type: 'application/pdf' }, 'image/*', false],
    [{ name: 'a.pdf', type: 'application/pdf' }, 'application/pdf,.pdf', true],
    [{ name: 'A.DOCX', type: '' }, '.doc,.docx', true],
    [{ name: 'a.txt', type: 'text/plain' }, '.doc,.docx', false],
    [{ name: 'x.bin', type: 'application/octet-stream' }, '', true],
    [{ name: 'clip.mp4', type: 'video/mp4' }, 'video/*', true],
  ])('%j fits %j: %s', (file, accept, ok) => {
    expect(fileAccepted(file, accept)).toBe(ok);
  });

  it('names what to choose', () => {
    expect(acceptLabel('image/*')).toBe('an image');
    expect(acceptLabel('')).toBe('a file');
    expect(acceptLabel('.png')).toBe('a file of type .png');
  });
});

describe('default tokens', () => {
  // 5 March 2024, 09:07 local time (a Tuesday of ISO week 10).
  const now = new Date(2024, 2, 5, 9, 7);
  it.each<[string, string, string | null, string | string[]]>([
    ['date', 'today', null, '2024-03-05'],
    ['text', 'today', null, '2024-03-05'],
    ['datetime-local', 'today', null, '2024-03-05T09:07'],
    ['month', 'today', null, '2024-03'],
    ['week', 'today', null, '2024-W10'],
    ['time', 'today', null, '09:07'],
    ['date', ' TODAY ', null, '2024-03-05'],
    ['email', 'user_email', 'ada@example.com', 'ada@example.com'],
    ['email', 'user_email', null, ''],
    ['text', 'User_Email', 'ada@example.com', 'ada@example.com'],
    ['text', 'today is nice', null, 'today is nice'],
    ['text', 'plain', null, 'plain'],
    ['multi-select', 'a, b', null, ['a', 'b']],
    ['text', '', null, ''],
  ])('%s default %j (email %j) → %j', (type, defaultText, email, expected) => {
    expect(defaultValue({ type, defaultText }, email, now)).toEqual(expected);
  });

  it.each<[[number, number, number], [number, number]]>([
    [[2024, 3, 5], [2024, 10]],
    [[2021, 1, 1], [2020, 53]],
    [[2024, 12, 30], [2025, 1]],
    [[2026, 1, 1], [2026, 1]],
    [[2027, 1, 3], [2026, 53]],
  ])('ISO week of %j is %j', ([y, m, d], week) => {
    expect(isoWeek(y, m, d)).toEqual(week);
  });

  it('pads a week of the next ISO year', () => {
    expect(todayFor('week', new Date(2024, 11, 30))).toBe('2025-W01');
  });
});

describe('form fields', () => {
  it('come from the axis, skip empty and repeated columns, label from the column', () => {
    const fields = formFields(
      form([
        { column: 'Name', label: 'Your name', required: true },
        { column: '' },
        { column: 'Email', type: 'email' },
        { column: 'Name', type: 'number' },
        { column: 'Photo', type: 'file', file_mime_type: 'pdf', regex_validation: '^x$' },
        { column: 'Kind', type: 'weird' },
      ]),
    );
    expect(fields.map((f) => [f.column, f.label, f.type, f.required])).toEqual([
      ['Name', 'Your name', 'text', true],
      ['Email', 'Email', 'email', false],
      ['Photo', 'Photo', 'file', false],
      ['Kind', 'Kind', 'text', false],
    ]);
    expect(fields[2]).toMatchObject({ accept: 'application/pdf,.pdf', uploadAccept: 'pdf', regex: '' });
  });

  it('select options: comma text, or a sheet column when from_google_sheet', () => {
    const [a, b, c] = formFields(
      form([
        { column: 'Size', type: 'select', options: 'S, M , L,' },
        { column: 'Tags', type: 'multi-select', from_google_sheet: true, source: { sheet: 'Tags', column: 'Tag' } },
        { column: 'Free', type: 'select' },
      ]),
      { Tags: [{ Tag: 'red' }, { Tag: 'blue, red' }, { Tag: '' }] },
    );
    expect(a!.options).toEqual(['S', 'M', 'L']);
    expect(b!.options).toEqual(['red', 'blue']);
    expect(c!.options).toEqual([]);
  });
});

describe('checks before sending', () => {
  const field = (f: Partial<FormField>): FormField => ({
    column: 'C', label: 'C', description: '', type: 'text', required: false, hide: false, placeholder: '', defaultText: '', options: [], accept: '', uploadAccept: '', regex: '', ...f,
  });

  it.each<[Partial<FormField>, string | string[], string | undefined]>([
    [{ required: true }, '', FORM_MESSAGES.required],
    [{ required: true }, '   ', FORM_MESSAGES.required],
    [{ required: true, hide: true }, '', undefined],
    [{ required: true, type: 'multi-select' }, [], FORM_MESSAGES.required],
    [{}, '', undefined],
    [{ type: 'number' }, 'abc', 'Must be a number'],
    [{ type: 'number' }, '12.5', undefined],
    [{ type: 'email' }, 'nope', 'Must be an e-mail address'],
    [{ type: 'url' }, 'example.com', 'Must be a web address starting with http:// or https://'],
    [{ type: 'date' }, '2024-02-30', 'Must be a date (YYYY-MM-DD)'],
    [{ type: 'week' }, '2024-W10', undefined],
    [{ type: 'select', options: ['S', 'M'] }, 'XL', 'Must be one of: S, M'],
    [{ type: 'select' }, 'anything', undefined],
    [{ regex: '^[A-Z]{3}$' }, 'abc', 'Does not match the required format'],
    [{ regex: '^[A-Z]{3}$' }, 'ABC', undefined],
    [{ regex: '^[A-Z]{3}$' }, '', undefined],
    [{ regex: '([' }, 'anything', undefined],
    [{ type: 'file', regex: '^x$' }, '/uploads/1/a.png', undefined],
    // The browser runs the pattern on the server's engine (RE2): same meaning, no hang.
    [{ regex: '^.$' }, '😀', undefined],
    [{ regex: '(a)\\1' }, 'anything', undefined],
  ])('%j with %j → %j', (f, value, message) => {
    expect(formErrors([field(f)], { C: value }, regexTester)[f.column ?? 'C']).toBe(message);
  });

  it("a pattern that backtracks forever in JavaScript is answered at once in the visitor's browser", () => {
    const fields = Array.from({ length: 50 }, (_, i) => field({ column: `F${i}`, regex: '^(a+)+$' }));
    const bad = Object.fromEntries(fields.map((f) => [f.column, `${'a'.repeat(5000)}!`]));
    const good = Object.fromEntries(fields.map((f) => [f.column, 'a'.repeat(5000)]));
    expect(formErrors(fields, bad, regexTester)).toEqual(Object.fromEntries(fields.map((f) => [f.column, 'Does not match the required format'])));
    expect(formErrors(fields, good, regexTester)).toEqual({});
    // Until the engine is loaded (or if it cannot be), the browser leaves patterns to the server.
    expect(formErrors(fields, bad, null)).toEqual({});
  });

  it('sends every field, hidden ones with their default; multi-select as a list', () => {
    const fields = formFields(
      form([
        { column: 'Name' },
        { column: 'By', hide: true, default: 'user_email' },
        { column: 'On', type: 'date', hide: true, default: 'today' },
        { column: 'Tags', type: 'multi-select', default: 'a,b' },
      ]),
    );
    const values = initialFormValues(fields, 'ada@example.com', new Date(2024, 0, 9, 12, 0));
    expect(submitValues(fields, { ...values, Name: 'Ada' })).toEqual({ Name: 'Ada', By: 'ada@example.com', On: '2024-01-09', Tags: ['a', 'b'] });
  });

  it.each<[Record<string, unknown>, boolean]>([
    [{ A: '', B: [] }, true],
    [{ A: '  ' }, true],
    [{ A: 'x', B: [] }, false],
    [{ B: ['x'] }, false],
  ])('nothing filled in %j: %s', (values, empty) => {
    expect(nothingFilled(values as Record<string, string>)).toBe(empty);
  });
});

describe('form view (server render)', () => {
  const data = (patch: Partial<BlockData> = {}): BlockData =>
    viewData([], {
      viewer: { role: 'guest', email: 'ada@example.com' },
      write: { add: async () => ({}), update: async () => ({}), remove: async () => {}, runAction: async () => ({ ok: true, message: '' }), upload: async () => ({ id: '1', url: '/u/1', name: 'a', type: 'image/png', size: 1 }) },
      ...patch,
    });
  const render = (config: ReturnType<typeof form>, d: BlockData) => renderView(FormBlock, config, d);

  it('draws the title, visible fields with their placeholders and defaults, the file picker and the submit text', () => {
    const html = render(
      form(
        [
          { column: 'Name', label: 'Your name', required: true },
          { column: 'Email', type: 'email', default: 'user_email', placeholder: 'you@example.com' },
          { column: 'Secret', hide: true, default: 'hidden value' },
          { column: 'Photo', type: 'file' },
        ],
        { titleForm: 'Join us', submit_text: 'Send' },
      ),
      data(),
    );
    expect(html).toContain('Join us');
    expect(html).toContain('Your name');
    expect(html).toContain('placeholder="Type here.."');
    expect(html).toContain('value="ada@example.com"');
    expect(html).not.toContain('Secret');
    expect(html).not.toContain('hidden value');
    expect(html).toContain('Choose file');
    expect(html).toContain('accept="image/*"');
    expect(html).toContain('>Send<');
  });

  it('without a sheet to write to the button is disabled and says why', () => {
    const { write: _, ...rest } = data();
    const html = render(form([{ column: 'Name' }]), rest as BlockData);
    expect(html).toContain(`title="${FORM_MESSAGES.noSheet}"`);
    expect(html).toMatch(/<button[^>]*disabled/);
  });

  it('a block not saved yet cannot be submitted', () => {
    const html = render({ ...form([{ column: 'Name' }]), temp_block: true }, data());
    expect(html).toContain(`title="${FORM_MESSAGES.unsaved}"`);
  });
});

describe('spec spelling of stored keys', () => {
  it('form', () => {
    expect(Object.keys(formSchema.settings)).toEqual(expect.arrayContaining(['titleForm', 'submit_text', 'submit_success']));
    expect(Object.keys(formSchema.axis!.settings)).toEqual(
      expect.arrayContaining(['column', 'label', 'description', 'type', 'from_google_sheet', 'options', 'source', 'file_mime_type', 'hide', 'regex_validation', 'placeholder', 'default']),
    );
  });
});
