// FAQ view: an accordion (buttons with aria-expanded; expand_first_item, allow_multiple_open) or
// a list of every question with its answer, and an optional search over both. Cell text is shown
// as text (line breaks kept), never as HTML.
import { Box, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { BlockFrame, EmptyState } from '../BlockFrame';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import type { BlockViewProps } from '../types';
import { faqItems, initialOpen, searchFaq, toggleOpen } from './faq';
import { faqSettings } from './schema';

const FAQ_SETTINGS = withCommon(faqSettings);
/** A cleared colour is the usual one. */
const BLANK_IS_DEFAULT = ['question_color', 'answer_color', 'item_background_color', 'accent_color'] as const;

export function FaqBlock({ config, rows, mode, data }: BlockViewProps) {
  const settings = useMemo(() => readSettings(FAQ_SETTINGS, config, { blankIsDefault: BLANK_IS_DEFAULT }), [config]);
  const qCol = settings.question_column;
  const aCol = settings.answer_column;
  const items = useMemo(() => faqItems(rows, qCol, aCol), [rows, qCol, aCol]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (settings.allow_search ? searchFaq(items, query) : items), [items, query, settings.allow_search]);
  const expandFirst = settings.expand_first_item;
  const multiple = settings.allow_multiple_open;
  const firstKey = `${items[0]?.id ?? ''}|${expandFirst}`;
  const [open, setOpen] = useState<string[]>(() => initialOpen(items, expandFirst));
  const [seenKey, setSeenKey] = useState(firstKey);
  if (seenKey !== firstKey) {
    // Rows arrived (or the setting changed): open the first item as configured.
    setSeenKey(firstKey);
    setOpen(initialOpen(items, expandFirst));
  }
  const baseId = useId();
  const colors = { q: settings.question_color, a: settings.answer_color, bg: settings.item_background_color, accent: settings.accent_color };
  const accordion = settings.Layout !== 'list';

  let body;
  if (!qCol || !aCol)
    body = <EmptyState>{mode === 'edit' ? 'Choose the question and answer columns in the block settings.' : 'No questions yet.'}</EmptyState>;
  else if (items.length === 0) body = <EmptyState>{data.loading ? 'Loading…' : 'No rows'}</EmptyState>;
  else if (shown.length === 0) body = <EmptyState>No questions match your search.</EmptyState>;
  else if (accordion)
    body = (
      <Stack gap={8}>
        {shown.map((it) => {
          const isOpen = open.includes(it.id);
          const panel = `${baseId}-${it.id}`;
          return (
            <Box key={it.id} style={{ background: colors.bg, borderRadius: 10, borderLeft: `3px solid ${isOpen ? colors.accent : 'transparent'}` }}>
              <UnstyledButton
                onClick={() => setOpen((o) => toggleOpen(o, it.id, multiple))}
                aria-expanded={isOpen}
                aria-controls={panel}
                style={{ width: '100%', display: 'flex', alignItems: 'center', gap: 12, padding: '12px 14px' }}
              >
                <Text fw={600} style={{ flex: 1, color: colors.q }}>
                  {it.question}
                </Text>
                <IconChevronDown
                  size={18}
                  color={colors.accent}
                  aria-hidden
                  style={{ transition: 'transform 150ms', transform: isOpen ? 'rotate(180deg)' : 'none', flexShrink: 0 }}
                />
              </UnstyledButton>
              {isOpen && (
                <Text id={panel} role="region" aria-label={it.question} px={14} pb={12} size="sm" style={{ color: colors.a, whiteSpace: 'pre-line' }}>
                  {it.answer}
                </Text>
              )}
            </Box>
          );
        })}
      </Stack>
    );
  else
    body = (
      <Stack gap={16} component="dl" m={0}>
        {shown.map((it) => (
          <Box key={it.id} style={{ borderBottom: `1px solid ${colors.bg}`, paddingBottom: 12 }}>
            <Text component="dt" fw={600} style={{ color: colors.q }}>
              {it.question}
            </Text>
            <Text component="dd" m={0} mt={4} size="sm" style={{ color: colors.a, whiteSpace: 'pre-line' }}>
              {it.answer}
            </Text>
          </Box>
        ))}
      </Stack>
    );

  return (
    <BlockFrame config={config}>
      {settings.allow_search && items.length > 0 && (
        <TextInput
          mb="sm"
          aria-label="Search questions"
          placeholder="Search questions"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
      )}
      {body}
    </BlockFrame>
  );
}

export default FaqBlock;
