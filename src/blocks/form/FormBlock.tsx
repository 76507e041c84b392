// The form block: one field per axis entry (FieldInput for every input type, FileField for
// files), checked in the browser with the server's own rules, then sent with data.write.add
// (POST rows; the server checks again and answers 400 naming the field). After a successful send
// the success message shows and the form starts again from its defaults; after a refusal nothing
// typed is lost.
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame } from '../BlockFrame';
import { FieldInput } from '../fields/FieldInput';
import { issuesByColumn, type FieldValue } from '../fields/field-values';
import type { BlockViewProps } from '../types';
import { FileField } from './FileField';
import { FORM_MESSAGES, formErrors, formFields, initialFormValues, loadPatternTesters, nothingFilled, submitValues } from './form-fields';
import { formSettings } from './schema';

const FORM_SETTINGS = withCommon(formSettings);
/** A cleared button colour, button text or message is the usual one; a cleared label colour is the theme's. */
const BLANK_IS_DEFAULT = ['submit_button_color', 'submit_text_color', 'submit_text', 'submit_success'] as const;

export function FormBlock({ config, data }: BlockViewProps) {
  const settings = useMemo(() => readSettings(FORM_SETTINGS, config, { blankIsDefault: BLANK_IS_DEFAULT }), [config]);
  const fields = useMemo(() => formFields(config, data.sheets), [config, data.sheets]);
  const hasPatterns = fields.some((f) => f.regex.trim() !== '');
  // Fetch the pattern engine while the visitor fills the form, not when they press the button.
  useEffect(() => {
    if (hasPatterns) void loadPatternTesters();
  }, [hasPatterns]);
  const email = data.viewer.email;
  const fresh = () => initialFormValues(fields, email, new Date());
  // Defaults are resolved when the form (re)starts; a changed configuration starts it again.
  const startKey = JSON.stringify([fields.map((f) => [f.column, f.type, f.defaultText]), email]);
  const [started, setStarted] = useState(startKey);
  const [values, setValues] = useState<Record<string, FieldValue>>(fresh);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [uploads, setUploads] = useState(0);
  // Remounts the file fields after a reset so their picked names go too.
  const [round, setRound] = useState(0);
  if (started !== startKey) {
    setStarted(startKey);
    setValues(fresh());
    setErrors({});
  }

  const labelColor = settings.label_color || undefined;
  const buttonColor = settings.submit_button_color;
  const buttonText = settings.submit_text_color;
  const submitText = settings.submit_text;
  const success = settings.submit_success;
  // A block not saved yet has no id the server knows: it cannot be submitted to.
  const unsaved = config.temp_block === true || !config.id;
  const write = unsaved ? undefined : data.write;
  const why = unsaved ? FORM_MESSAGES.unsaved : FORM_MESSAGES.noSheet;

  const set = (column: string, value: FieldValue) => {
    setValues((v) => ({ ...v, [column]: value }));
    setErrors(({ [column]: _, ...rest }) => rest);
    setDone(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!write || sending) return;
    setProblem(null);
    setDone(null);
    if (uploads > 0) return setProblem(FORM_MESSAGES.uploading);
    setSending(true);
    try {
      // Usually loaded already (see the effect above); a second press meanwhile finds `sending`.
      const found = formErrors(fields, values, hasPatterns ? await loadPatternTesters() : null);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const out = submitValues(fields, values);
      if (nothingFilled(out)) return setProblem(FORM_MESSAGES.nothing);
      await write.add(out);
      setValues(fresh());
      setErrors({});
      setRound((r) => r + 1);
      setDone(success);
      notifications.show({ color: 'teal', message: success });
    } catch (err) {
      const byColumn = issuesByColumn(err);
      const shown = fields.filter((f) => !f.hide).map((f) => f.column);
      const onFields = Object.fromEntries(Object.entries(byColumn).filter(([c]) => shown.includes(c)));
      setErrors(onFields);
      const rest = Object.entries(byColumn).filter(([c]) => !shown.includes(c));
      if (Object.keys(onFields).length === 0 || rest.length > 0)
        setProblem(rest.length > 0 ? rest.map(([c, m]) => `${c}: ${m}`).join('; ') : (err instanceof Error && err.message) || 'Data Error');
    } finally {
      setSending(false);
    }
  };

  const title = settings.titleForm;
  const label = (text: string) => (labelColor ? <span style={{ color: labelColor }}>{text}</span> : text);

  return (
    <BlockFrame config={config}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title || 'Form'} data-testid="form-block">
        <Stack gap="sm">
          {title && (
            <Title order={3} size="h4" style={{ color: labelColor }}>
              {title}
            </Title>
          )}
          {fields
            .filter((f) => !f.hide)
            .map((f) =>
              f.type === 'file' ? (
                <FileField
                  key={`${f.column}-${round}`}
                  name={f.column}
                  label={label(f.label)}
                  description={f.description || undefined}
                  required={f.required}
                  error={errors[f.column]}
                  value={typeof values[f.column] === 'string' ? (values[f.column] as string) : ''}
                  onChange={(url) => set(f.column, url)}
                  accept={f.accept}
                  uploadAccept={f.uploadAccept}
                  upload={write?.upload}
                  onBusy={(b) => setUploads((n) => n + (b ? 1 : -1))}
                />
              ) : (
                <FieldInput
                  key={f.column}
                  name={f.column}
                  type={f.type}
                  label={label(f.label)}
                  description={f.description || undefined}
                  placeholder={f.placeholder || undefined}
                  required={f.required}
                  error={errors[f.column]}
                  options={f.options}
                  value={values[f.column] ?? (f.type === 'multi-select' ? [] : '')}
                  onChange={(v) => set(f.column, v)}
                />
              ),
            )}
          {problem && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          {done && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
              {done}
            </Alert>
          )}
          <Group>
            <Button
              type="submit"
              loading={sending}
              disabled={!write || uploads > 0}
              title={write ? undefined : why}
              style={write ? { backgroundColor: buttonColor, color: buttonText } : undefined}
            >
              {submitText}
            </Button>
          </Group>
        </Stack>
      </form>
    </BlockFrame>
  );
}

export default FormBlock;
