// The one renderer of a block, used by the guest view and the editor canvas alike: it loads the
// block's data (useBlockData) and renders the block's lazy view inside Suspense. Views never fetch.
// The block's settings schema is a lazy chunk too (schema-loaders.ts): the guest's entry does not
// carry every kind's schema (issue 4).
import { Alert, Center, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconTableOptions } from '@tabler/icons-react';
import { Component, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { kindOf, loadedSchema, loadSchema } from '../../blocks/schema-loaders';
import type { BlockKind } from '../../blocks/schemas';
import type { BlockViewProps, ViewMode } from '../../blocks/types';
import { blockViews } from '../../blocks/views';
import type { BlockRecord, BlockSchema } from '../../shared/settings/types';
import { useBlockData, type DataSource } from './useBlockData';

/** The kind's schema: at once when loaded before, else after its chunk arrives. */
function useBlockSchema(kind: BlockKind | null): { schema: BlockSchema | null; pending: boolean; error: string | null } {
  const [state, setState] = useState<{ kind: BlockKind | null; schema?: BlockSchema; error?: string }>({ kind });
  const schema = kind ? (loadedSchema(kind) ?? (state.kind === kind ? state.schema : undefined)) : undefined;
  const error = state.kind === kind ? state.error : undefined;
  useEffect(() => {
    if (!kind || loadedSchema(kind)) return;
    let live = true;
    loadSchema(kind).then(
      (loaded) => live && setState({ kind, schema: loaded }),
      (e: unknown) => live && setState({ kind, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [kind]);
  return { schema: schema ?? null, pending: !!kind && !schema && !error, error: error ?? null };
}

export function BlockRenderer({ block, source, mode }: { block: BlockRecord; source: DataSource; mode: ViewMode }) {
  const kind = kindOf(block.type);
  const { schema, pending, error } = useBlockSchema(kind);
  const data = useBlockData(schema, block, source);
  const View = kind ? (blockViews[kind] as ComponentType<BlockViewProps> | undefined) : undefined;

  if (pending) return <Pending />;
  if (error)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        This block could not be shown: {error}
      </Alert>
    );
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
      <Suspense fallback={<Pending />}>
        <View config={block} rows={data.rows} columns={data.columns} mode={mode} data={data} />
      </Suspense>
    </ViewBoundary>
  );
}

function Pending() {
  return (
    <Center mih={120}>
      <Loader size="sm" />
    </Center>
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
