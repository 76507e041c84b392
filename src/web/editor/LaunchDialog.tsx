// The unified 'Launch Your App' dialog (shell §2.4): a collapsible 'Push to Live' section with the
// Privacy Settings, and the 'Push to Marketplace' section. Both publish menu choices open it; the
// marketplace part comes with its own issue, so its section stays closed and says so.
import { Badge, Collapse, Group, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconChevronRight, IconRocket } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { PrivacySettings } from './PrivacySettings';
import { useOnChange } from '../lib/use-on-change';

function Section({
  title,
  icon,
  description,
  open,
  onToggle,
  disabled = false,
  aside,
  children,
}: {
  title: string;
  icon: ReactNode;
  description: string;
  open: boolean;
  onToggle?: () => void;
  disabled?: boolean;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={`${id}-title`}>
      <UnstyledButton
        onClick={onToggle}
        disabled={disabled}
        aria-expanded={open}
        aria-controls={`${id}-body`}
        w="100%"
        style={{ cursor: disabled ? 'not-allowed' : undefined, opacity: disabled ? 0.65 : undefined }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
            {icon}
            <div>
              <Text fw={600} id={`${id}-title`}>
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </div>
          </Group>
          {aside}
        </Group>
      </UnstyledButton>
      <Collapse in={open} id={`${id}-body`}>
        <Stack pt="sm">{children}</Stack>
      </Collapse>
    </Paper>
  );
}

export function LaunchDialog({
  opened,
  onClose,
  appId,
  subdomain,
}: {
  opened: boolean;
  onClose: () => void;
  appId: string;
  subdomain: string;
}) {
  const [liveOpen, setLiveOpen] = useState(true);
  // Each opening shows Push to Live open.
  useOnChange(opened, (isOpen) => isOpen && setLiveOpen(true));
  return (
    <Modal opened={opened} onClose={onClose} title="Launch Your App" size="lg" centered>
      <Stack gap="sm">
        <Section
          title="Push to Live"
          icon={<IconRocket size={20} />}
          description="Choose who can open your app and how visitors sign in."
          open={liveOpen}
          onToggle={() => setLiveOpen((o) => !o)}
        >
          <PrivacySettings appId={appId} subdomain={subdomain} onClose={onClose} />
        </Section>
        <Section
          title="Push to Marketplace"
          icon={<IconBuildingStore size={20} />}
          description="Submit your app as a template for review."
          open={false}
          disabled
          aside={
            <Badge color="gray" variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
              Coming soon
            </Badge>
          }
        />
      </Stack>
    </Modal>
  );
}
