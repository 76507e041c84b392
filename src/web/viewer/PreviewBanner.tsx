// Preview mode of a multipage app (shell §2.3): `?preview=true` shows a banner with a button
// ('Use Template' unless `button_text` is given) and `template_data` as JSON text. Both values
// come from the address, so they are only ever rendered as text (React escapes them).
import { Button, Code, Group, Paper, Text } from '@mantine/core';
import { useMe } from '../lib/queries';
import { useBaseUrl } from '../lib/host';
import type { PreviewParams } from './preview';

/**
 * 'Use Template' (shell §4 use-template flow): signed in, to the template (or /templates) on the
 * base host; otherwise to /dashboard/auth there, carrying template_id.
 */
function useTemplateTarget(p: PreviewParams): string {
  const me = useMe();
  const base = useBaseUrl().data ?? '';
  const id = p.templateId ? encodeURIComponent(p.templateId) : null;
  if (me.data) return `${base}${id ? `/templates/${id}` : '/templates'}`;
  return `${base}/dashboard/auth${id ? `?template_id=${id}` : ''}`;
}

export function PreviewBanner({ params }: { params: PreviewParams }) {
  const target = useTemplateTarget(params);
  return (
    <Paper component="aside" aria-label="Template preview" radius={0} p="sm" bg="indigo.0" data-testid="preview-banner" style={{ borderBottom: '1px solid var(--mantine-color-indigo-2)' }}>
      <Group justify="space-between" wrap="wrap" gap="sm" maw={1440 - 64} mx="auto">
        <Text fw={600} size="sm">
          You are previewing a template.
        </Text>
        <Button component="a" href={target} size="xs">
          {params.buttonText}
        </Button>
      </Group>
      {params.templateData && (
        <Code block mt="xs" maw={1440 - 64} mx="auto" data-testid="template-data" style={{ maxHeight: 160, overflow: 'auto' }}>
          {params.templateData}
        </Code>
      )}
    </Paper>
  );
}
