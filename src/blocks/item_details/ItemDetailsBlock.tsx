// Item details view: one row in full. The row is the one named by the address (data.app.rowId,
// loaded by the renderer in data mode 'row'); the editor previews the sheet's first row; a guest
// without a row in the address sees an empty state. Column layout puts the photo beside the
// details (stacked on phones), stacked puts it above them.
import { Box, Button, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Tooltip } from '../LazyTooltip';
import { IconListDetails } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { BlockFrame } from '../BlockFrame';
import { safeImageSrc } from '../links';
import type { BlockViewProps } from '../types';
import { cellText, detailActions, detailFields, photoStyle, shownRow, splitPhoto, type DetailField } from './item-details';
import { EMPTY_ITEM_MESSAGE } from './schema';

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** `?row=` of the address when there is no app around the block (boards, previews). */
function addressRow(): string | null {
  return typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('row') || null;
}

function Field({ field, row }: { field: DetailField; row: Record<string, unknown> }) {
  if (field.type === 'image') {
    const src = safeImageSrc(cellText(row[field.column]));
    if (!src) return null;
    return (
      <Group justify={JUSTIFY[field.align]}>
        <img src={src} alt={field.column} loading="lazy" style={{ maxWidth: '100%', maxHeight: 320, borderRadius: 8, display: 'block' }} />
      </Group>
    );
  }
  const text = cellText(row[field.column]);
  return (
    <Box ta={field.align} data-field={field.column}>
      {field.label && (
        <Text size="xs" tt="uppercase" fw={600} c="dimmed" style={{ letterSpacing: 0.5 }}>
          {field.label}
        </Text>
      )}
      <Text size={field.size} fw={field.size === 'xl' ? 700 : undefined} style={{ color: field.color ?? undefined, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {text || '—'}
      </Text>
    </Box>
  );
}

export function ItemDetailsBlock({ config, rows, columns, mode, data }: BlockViewProps) {
  const rowId = data.app ? data.app.rowId : addressRow();
  const row = shownRow(rows, rowId, mode);

  if (!row) {
    if (data.loading)
      return (
        <BlockFrame config={config}>
          <Center mih={160}>
            <Loader size="sm" />
          </Center>
        </BlockFrame>
      );
    return (
      <BlockFrame config={config}>
        <Center mih={160} c="dimmed" style={{ flexDirection: 'column', gap: 8, textAlign: 'center' }} data-testid="item-details-empty">
          <IconListDetails size={28} stroke={1.5} />
          <Text size="sm">{mode === 'edit' && !rowId ? 'No rows' : EMPTY_ITEM_MESSAGE}</Text>
        </Center>
      </BlockFrame>
    );
  }

  const fields = detailFields(config, columns.length > 0 ? columns : Object.keys(row));
  const { photo, rest } = splitPhoto(fields, row);
  const ps = photoStyle(config);
  const stacked = config.Layout === 'stacked';
  const canOpenPages = !!data.app || typeof data.openPage === 'function';
  const actions = detailActions(config, row, canOpenPages);

  const photoEl = photo && (
    <img
      src={photo.src}
      alt={photo.field.column}
      data-testid="item-details-photo"
      style={{
        display: 'block',
        width: '100%',
        height: ps.height,
        objectFit: ps.fit,
        borderRadius: ps.radius,
        border: ps.border ? `1px solid ${ps.border}` : undefined,
        background: ps.fit === 'contain' ? 'rgba(127,127,127,0.08)' : undefined,
      }}
    />
  );
  const details = (
    <Stack gap="md">
      {rest.map((f, i) => (
        <Field key={`${f.column}-${i}`} field={f} row={row} />
      ))}
      {actions.length > 0 && (
        <Group gap="sm" mt="xs">
          {actions.map((a, i) => {
            const style = { backgroundColor: a.buttonColor, color: a.textColor, opacity: a.target ? 1 : 0.55 };
            if (a.target?.kind === 'link')
              return (
                <Button key={i} component="a" href={a.target.href} target="_blank" rel="noopener noreferrer" style={style}>
                  {a.label}
                </Button>
              );
            if (a.target?.kind === 'page') {
              const t = a.target;
              const href = data.app?.hrefOf(t.slug, t.rowId);
              const open = (e: MouseEvent) => {
                e.preventDefault();
                if (data.app) data.app.goTo(t.slug, t.rowId ? { rowId: t.rowId } : {});
                else data.openPage?.(t.slug, t.rowId);
              };
              return href ? (
                <Button key={i} component="a" href={href} onClick={open} style={style}>
                  {a.label}
                </Button>
              ) : (
                <Button key={i} onClick={open} style={style}>
                  {a.label}
                </Button>
              );
            }
            return (
              <Tooltip key={i} label={a.reason ?? ''}>
                <Button aria-disabled style={style}>
                  {a.label}
                </Button>
              </Tooltip>
            );
          })}
        </Group>
      )}
    </Stack>
  );

  return (
    <BlockFrame config={config}>
      <Box data-layout={stacked ? 'stacked' : 'column'} data-row-id={String(row._id ?? '')}>
        {stacked || !photoEl ? (
          <Stack gap="lg">
            {photoEl}
            {details}
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <Box>{photoEl}</Box>
            {details}
          </SimpleGrid>
        )}
      </Box>
    </BlockFrame>
  );
}

export default ItemDetailsBlock;
