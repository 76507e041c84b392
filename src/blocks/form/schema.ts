// Form block settings (spec, blocks-and-data §3 "Form block"). Stored keys keep the spec's
// spelling. Data only: this object must survive a JSON round trip.
import { columnTypesWithout } from '../../shared/rows/column-types';
import type { BlockSchema, SelectOption } from '../../shared/settings/types';
import { columnTypeOptions, selectChoicesSettings } from '../../shared/settings/options';
import { COMMON_SETTINGS } from '../../shared/settings/common';
import { defineSettings } from '../../shared/settings/read';

/** The form's input types (spec order): every column type but `image`. */
export const FORM_FIELD_TYPES = columnTypesWithout('image');
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/**
 * file_mime_type: the stored value is the HTML `accept` text of the file input (the spec's default
 * is 'image/*'); the label is the spec's word. form-fields.ts acceptOf() reads old word spellings too.
 */
export const FILE_MIME_OPTIONS: SelectOption[] = [
  { value: '*/*', label: 'all' },
  { value: 'image/*', label: 'image' },
  { value: 'video/*', label: 'video' },
  { value: 'audio/*', label: 'audio' },
  { value: 'text/*', label: 'text' },
  { value: 'application/pdf,.pdf', label: 'pdf' },
  { value: '.doc,.docx', label: 'doc/docx' },
  { value: '.csv,.xml,.xls,.xlsm,.xlsx', label: 'csv/xml/xls/xlsm/xlsx' },
];

const isType = (...types: string[]) => ({ setting: 'type', in: types });

export const formSettings = defineSettings({
  // The common title, told apart from the form's own heading (issue 33: two 'title' fields).
  title: { ...COMMON_SETTINGS.title, label: 'Title bar', description: 'A line above the form, as every block may have. Empty: no bar.' },
  titleForm: { type: 'input', default: '', label: 'Form title', description: 'The heading inside the form, over its fields.' },
  submit_text: { type: 'input', default: 'Submit', label: 'Submit button text' },
  submit_success: { type: 'input', default: 'Data added to the spreadsheet', label: 'Success message' },
  submit_button_color: { type: 'color', default: '#4A90E2FF', label: 'Submit button colour' },
  submit_text_color: { type: 'color', default: '#FFFFFF', label: 'Submit text colour' },
  label_color: { type: 'color', default: '#1f2937', label: 'Label colour' },
});

/** One field of the form (an axis). */
export const formAxisSettings = defineSettings({
  column: { type: 'sheet_columns', default: '', required: true, label: 'Column' },
  label: { type: 'input', default: '', label: 'Label', description: 'Empty: the column name.' },
  description: { type: 'input', default: '', label: 'Description' },
  type: { type: 'select', default: 'text', label: 'Type', options: columnTypeOptions(...FORM_FIELD_TYPES) },
  required: {
    type: 'boolean',
    default: false,
    label: 'Required',
    description: 'The form is not sent while this field is empty.',
  },
  ...selectChoicesSettings({ default: '', description: 'Comma separated. Empty: any text.' }),
  file_mime_type: {
    type: 'select',
    default: 'image/*',
    label: 'File type',
    options: FILE_MIME_OPTIONS,
    showIf: isType('file'),
  },
  hide: {
    type: 'boolean',
    default: false,
    label: 'Hide',
    description: 'Not shown; its default value is still submitted.',
  },
  regex_validation: {
    type: 'input',
    default: '',
    label: 'Allowed pattern',
    description:
      'Only answers of this shape are accepted, written as a pattern: ^[0-9]{5}$ means exactly five digits, ^[A-Z]{3}$ exactly three capital letters. Empty: any answer.',
    format: 'regex',
    showIf: { not: { setting: 'type', equals: 'file' } },
  },
  placeholder: { type: 'input', default: 'Type here..', label: 'Placeholder' },
  default: {
    type: 'input',
    default: '',
    label: 'Default value',
    description: 'Filled in before the visitor types. Write today for the date of the day, or user_email for the e-mail address of the signed-in visitor.',
    // A file field's value is the file's address, shown as a link.
    urlWhen: isType('file'),
  },
});

export const formSchema: BlockSchema = {
  kind: 'form',
  name: 'Form',
  description: 'A form whose submissions are added as rows of a sheet, with file uploads.',
  category: 'data',
  icon: 'forms',
  usesSheet: true,
  // The form reads no rows of its sheet; it writes to it (data.write needs sheet_title).
  data: 'none',
  settings: formSettings,
  axis: {
    label: 'field',
    min: 1,
    max: 50,
    settings: formAxisSettings,
  },
  needs: { rowWrites: { noun: 'form', by: 'fields' } },
};
