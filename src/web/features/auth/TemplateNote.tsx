// Above the sign-in and sign-up forms when Use Template sent the visitor (template_id): which
// template they are about to use, so the detour through an account does not lose the thread.
import { Group, Image, Paper, Stack, Text } from '@mantine/core';
import { priceLabel } from '../../../shared/rules/marketplace';
import { useTemplate } from '../templates/api';

export function TemplateNote({ templateId }: { templateId: string | null }) {
  const template = useTemplate(templateId ?? undefined);
  const t = template.data;
  if (!t) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="indigo.0" data-testid="template-note">
      <Group gap="sm" wrap="nowrap" align="center">
        {t.thumbnail && <Image src={t.thumbnail} alt="" w={56} h={40} radius="sm" fit="cover" bg={t.thumbnail_bg_color || undefined} />}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            You are about to use the template
          </Text>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {t.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t.is_free ? 'Free: your copy is made as soon as you are signed in.' : `${priceLabel(false, t.price)}: you go on to pay once you are signed in.`}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
