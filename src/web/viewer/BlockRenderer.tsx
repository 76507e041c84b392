// The one renderer of a block, used by the guest view and the editor canvas alike: it loads the
// block's data (useBlockData) and renders the block's lazy view inside Suspense. Views never fetch.
import { Alert, Center, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconTableOptions } from '@tabler/icons-react';
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { resolveKind, schemaOf } from '../../blocks/schemas';
import type { BlockViewProps, ViewMode } from '../../blocks/types';
import { blockViews } from '../../blocks/views';
import type { BlockRecord } from '../../shared/settings/types';
import { useBlockData, type DataSource } from './useBlockData';

export function BlockRenderer({ block, source, mode }: { block: BlockRecord; source: DataSource; mode: ViewMode }) {
  const schema = schemaOf(block.type);
  const data = useBlockData(schema, block, source);
  const kind = resolveKind(block.type);
  const View = kind ? (blockViews[kind] as ComponentType<BlockViewProps> | undefined) : undefined;

  if (!schema || !View) return <Notice>This block type ({block.type}) is not available.</Notice>;
  if (schema.usesSheet && !block.sheet_title)
    return (
      <Notice icon={<IconTableOptions size={18} />}>
        {mode === 'edit' ? 'Choose a sheet for this block in its settings.' : 'This block has no data yet.'}
      </Notice>
    );
  if (data.error && data.rows.length === 0)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="block-error">
        {data.error}
      </Alert>
    );

  return (
    <ViewBoundary key={block.type}>
      <Suspense
        fallback={
          <Center mih={120}>
            <Loader size="sm" />
          </Center>
        }
      >
        <View config={block} rows={data.rows} columns={data.columns} mode={mode} data={data} />
      </Suspense>
    </ViewBoundary>
  );
}

function Notice({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <Center mih={120} c="dimmed" style={{ gap: 8, textAlign: 'center' }}>
      {icon}
      <Text size="sm">{children}</Text>
    </Center>
  );
}

/** One broken block (or a half-edited configuration) must not take the whole board down. */
class ViewBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error)
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          This block could not be shown: {this.state.error.message}
        </Alert>
      );
    return this.props.children;
  }
}
