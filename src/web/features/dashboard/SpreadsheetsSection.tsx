import { Accordion, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandGoogle, IconFileSpreadsheet, IconPlus, IconTable, IconTableOptions } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { useSpreadsheets } from '../../lib/queries';
import { GoogleSyncBadges, GoogleSyncPanel } from '../google/GoogleSyncInfo';
import { ImportSpreadsheet } from './ImportSpreadsheet';

const COLUMNS_SHOWN = 40;

export function SpreadsheetsSection({ onNewBoard, onConnectGoogle }: { onNewBoard: (spreadsheetId: string) => void; onConnectGoogle: () => void }) {
  const spreadsheets = useSpreadsheets();
  return (
    <Stack gap="sm" component="section" aria-label="Spreadsheets">
      <Group justify="space-between">
        <Title order={3}>Spreadsheets</Title>
        <Button variant="light" leftSection={<IconBrandGoogle size={16} />} onClick={onConnectGoogle}>
          Connect a Google Sheet
        </Button>
      </Group>
      <ImportSpreadsheet />
      {spreadsheets.isPending && <Loading />}
      {spreadsheets.isError && <Text c="red">{spreadsheets.error.message}</Text>}
      {spreadsheets.data && spreadsheets.data.length > 0 && (
        <Accordion variant="separated" radius="md" multiple>
          {spreadsheets.data.map((s) => (
            <Accordion.Item key={s.id} value={s.id} data-testid="spreadsheet-item">
              <Accordion.Control icon={<IconFileSpreadsheet size={20} color="var(--mantine-color-teal-7)" />}>
                <Group justify="space-between" pr="sm" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {s.title}
                    </Text>
                    {/* The sheets at a glance, without opening the item. */}
                    <Text size="xs" c="dimmed" truncate>
                      {s.sheets
                        .map((sh) => (sh.row_count !== undefined ? `${sh.title} (${sh.row_count.toLocaleString()} rows)` : sh.title))
                        .join(' · ')}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    {s.source === 'google' && <GoogleSyncBadges spreadsheetId={s.id} />}
                    <Badge variant="light" color="gray">
                      {s.sheets.length} {s.sheets.length === 1 ? 'sheet' : 'sheets'}
                    </Badge>
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {s.source === 'google' && <GoogleSyncPanel spreadsheetId={s.id} title={s.title} />}
                  {s.sheets.map((sheet) => (
                    <div key={sheet.title}>
                      <Group gap={6} mb={4}>
                        <IconTable size={16} />
                        <Text fw={600} size="sm">
                          {sheet.title}
                        </Text>
                        {sheet.row_count !== undefined && (
                          <Text size="xs" c="dimmed">
                            {sheet.row_count.toLocaleString()} rows
                          </Text>
                        )}
                      </Group>
                      <Group gap={4}>
                        {/* A sheet can have thousands of columns: name the first ones, count the rest. */}
                        {sheet.columns.slice(0, COLUMNS_SHOWN).map((c) => (
                          <Badge key={c} variant="outline" color="gray" tt="none" fw={500}>
                            {c}
                          </Badge>
                        ))}
                        {sheet.columns.length > COLUMNS_SHOWN && (
                          <Text size="xs" c="dimmed">
                            {`and ${(sheet.columns.length - COLUMNS_SHOWN).toLocaleString()} more columns`}
                          </Text>
                        )}
                        {sheet.columns.length === 0 && (
                          <Text size="xs" c="dimmed">
                            No columns
                          </Text>
                        )}
                      </Group>
                    </div>
                  ))}
                  <Group gap="xs">
                    <Button
                      component={Link}
                      to={`/dashboard/data/${encodeURIComponent(s.id)}`}
                      size="xs"
                      leftSection={<IconTableOptions size={14} />}
                      aria-label={`Open the data of ${s.title}`}
                    >
                      Open data
                    </Button>
                    <Button
                      variant="light"
                      size="xs"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => onNewBoard(s.id)}
                      aria-label={`New board from ${s.title}`}
                    >
                      New board from this spreadsheet
                    </Button>
                  </Group>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
