// The board's one settings panel (blocks-and-data §3): 'Board Settings' of a board (name, title,
// hero, logo, hero image, hide switches, colours, palette, sections, footer, event) and 'App
// Settings' of a multipage app (name, its pages' default colours, palette). The fields are data
// (shared/settings/board-state.ts) drawn by the editor's SettingsForm, the block settings' own
// controls (colour inputs with swatches, image upload, lists); saved with POST
// /api/board/update-metadata, which checks them (shared/api/board-settings.ts).
import { settingsSavedText } from './saved-words';
import { Button, Group, Modal, ScrollArea, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { defaultsOf } from '../../shared/settings/defaults';
import { APP_SETTINGS, BOARD_SETTINGS_TABS } from '../../shared/settings/board-state';
import type { SettingsSchema, SettingValues } from '../../shared/settings/types';
import { api, issuesByPath } from '../lib/api';
import { keys } from '../lib/queries';
import { toast } from '../lib/toast';
import { useOnChange } from '../lib/use-on-change';
import type { BoardState } from '../viewer/board-state';
import { SettingsForm } from './settings/SettingsForm';

type Values = { name: string } & SettingValues;

/** The saved value of each setting of `schema`, else its default. */
function pick(schema: SettingsSchema, saved: Record<string, unknown>): SettingValues {
  const out = defaultsOf(schema);
  for (const key of Object.keys(schema)) if (saved[key] !== undefined && saved[key] !== null) out[key] = saved[key];
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function valuesOf(board: BoardState): Values {
  // A palette saved as comma-separated text is edited as a list.
  const raw: Record<string, unknown> = { ...board.raw, palette: board.palette };
  if (board.kind === 'multipage') return { name: board.name, ...pick(APP_SETTINGS, raw) };
  const values: Values = { name: board.name };
  for (const tab of BOARD_SETTINGS_TABS) {
    if ('group' in tab) {
      const group = raw[tab.group];
      values[tab.group] = pick(tab.settings, isObject(group) ? group : {});
    }
    else Object.assign(values, pick(tab.settings, raw));
  }
  // A board's title starts as its name.
  if (!values.title) values.title = board.title || board.name;
  return values;
}

/** The tab whose fields hold the first problem. */
function tabOf(errors: Record<string, string>): string | null {
  const first = Object.keys(errors)[0];
  if (!first) return null;
  const head = first.split('.')[0]!;
  const tab = BOARD_SETTINGS_TABS.find((t) => ('group' in t ? t.group === head : head in t.settings));
  return tab?.value ?? (head === 'name' ? 'general' : null);
}

export function AppSettingsModal({ opened, onClose, board }: { opened: boolean; onClose: () => void; board: BoardState }) {
  const qc = useQueryClient();
  const multipage = board.kind === 'multipage';
  const title = multipage ? 'App Settings' : 'Board Settings';
  const [values, setValues] = useState<Values>(() => valuesOf(board));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<string | null>('general');
  // Each opening starts from the saved board.
  useOnChange(opened, (isOpen) => {
    if (!isOpen) return;
    setValues(valuesOf(board));
    setErrors({});
    setTab('general');
  });

  const save = useMutation({
    mutationFn: () => api.post('/api/board/update-metadata', { ...values, name: values.name.trim() }, { query: { app: board.appId } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['board'] });
      void qc.invalidateQueries({ queryKey: keys.apps });
      toast.success(`${title} saved`, settingsSavedText(board.isPublic));
      onClose();
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      setErrors(byPath);
      const at = tabOf(byPath);
      if (at) setTab(at);
      if (!Object.keys(byPath).length) toast.error(`Could not save the ${title.toLowerCase()}`, (e as Error).message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values.name.trim()) {
      setTab('general');
      return setErrors({ name: 'Name is required' });
    }
    save.mutate();
  };

  // Tabs holding a problem are marked.
  const errorTabs = new Set(Object.keys(errors).map((k) => tabOf({ [k]: '' })));
  // A changed field drops the server's problems with it (and with its items).
  const set = (key: string, v: unknown, path = key) => {
    setValues((s) => ({ ...s, [key]: v }));
    setErrors((e) => (Object.keys(e).some((k) => k === path || k.startsWith(`${path}.`)) ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== path && !k.startsWith(`${path}.`))) : e));
  };
  const name = (
    <TextInput
      label={multipage ? 'App name' : 'Board name'}
      value={values.name}
      onChange={(e) => set('name', e.target.value)}
      error={errors.name}
      maxLength={100}
      required
      data-autofocus
    />
  );
  const actions = (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" loading={save.isPending}>
        Save
      </Button>
    </Group>
  );

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={multipage ? 'md' : 'lg'} scrollAreaComponent={ScrollArea.Autosize}>
      <form onSubmit={submit} aria-label={title} noValidate>
        {multipage ? (
          <Stack gap="sm">
            {name}
            <SettingsForm schema={APP_SETTINGS} values={values} onChange={(k, v) => set(k, v)} errors={errors} />
            {actions}
          </Stack>
        ) : (
          <Stack gap="sm">
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                {BOARD_SETTINGS_TABS.map((t) => (
                  <Tabs.Tab key={t.value} value={t.value} c={errorTabs.has(t.value) ? 'red' : undefined}>
                    {t.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {BOARD_SETTINGS_TABS.map((t) => (
                <Tabs.Panel key={t.value} value={t.value} pt="sm">
                  <Stack gap="sm">
                    {t.value === 'general' && name}
                    {'description' in t && (
                      <Text size="sm" c="dimmed">
                        {t.description}
                      </Text>
                    )}
                    {'group' in t ? (
                      <SettingsForm
                        schema={t.settings}
                        values={values[t.group] as SettingValues}
                        onChange={(k, v) => set(t.group, { ...(values[t.group] as SettingValues), [k]: v }, `${t.group}.${k}`)}
                        errors={errors}
                        prefix={`${t.group}.`}
                      />
                    ) : (
                      <SettingsForm schema={t.settings} values={values} onChange={(k, v) => set(k, v)} errors={errors} />
                    )}
                  </Stack>
                </Tabs.Panel>
              ))}
            </Tabs>
            {actions}
          </Stack>
        )}
      </form>
    </Modal>
  );
}
