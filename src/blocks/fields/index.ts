// Field editors shared by the table/list row editors and the form block.
export { FieldInput, type FieldInputProps } from './FieldInput';
export * from './field-values';
