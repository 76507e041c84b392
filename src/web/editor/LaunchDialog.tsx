// The unified 'Launch Your App' dialog (shell §2.4): a collapsible 'Push to Live' section with the
// Privacy Settings, and the collapsible 'Push to Marketplace' section (the submission form or its
// status). 'Privacy Settings' opens it with Push to Live open, 'Publish to Marketplace' with Push
// to Marketplace open. Its title is 'Launch Your App', followed by the review status when the app
// has a request ('Launch Your App · Pending Review'); the marketplace section's title is
// MARKETPLACE_DIALOG_TITLES[status] ('Resubmit Template' while editing a rejected request, 'Update Your
// Listed Template' while editing a published one).
import { Collapse, Group, Modal, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconChevronRight, IconRocket } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { VerifyEmailNotice } from '../features/account/VerifyEmailNotice';
import { MarketplaceSection } from '../features/marketplace/MarketplaceSection';
import { useReviewRequest } from '../features/marketplace/api';
import { launchDialogTitle, marketplaceTitle, statusOf } from '../features/marketplace/form-state';
import { PrivacySettings } from './PrivacySettings';
import type { PublishChoice } from './PublishMenu';
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
  previewUrl,
  section = 'privacy',
}: {
  opened: boolean;
  onClose: () => void;
  appId: string;
  subdomain: string;
  /** The app's public address (the marketplace's preview link). */
  previewUrl: string;
  /** The publish menu choice: which section opens. */
  section?: PublishChoice;
}) {
  const [liveOpen, setLiveOpen] = useState(section === 'privacy');
  const [marketOpen, setMarketOpen] = useState(section === 'marketplace');
  const [editing, setEditing] = useState(false);
  // While 'Template Images' is open over it, Escape closes that only.
  const [galleryOpen, setGalleryOpen] = useState(false);
  // The marketplace part mounts once opened and stays (a half-filled form survives collapsing it).
  const [marketSeen, setMarketSeen] = useState(section === 'marketplace');
  // Each opening shows the section chosen in the publish menu, and a rejected request's status (not its form).
  useOnChange(`${opened}:${section}`, () => {
    if (!opened) return;
    setLiveOpen(section === 'privacy');
    setMarketOpen(section === 'marketplace');
    setEditing(false);
    setGalleryOpen(false);
    setMarketSeen(section === 'marketplace');
  });
  const status = statusOf(useReviewRequest(appId).data);
  return (
    <Modal opened={opened} onClose={onClose} title={launchDialogTitle(status)} size="lg" centered closeOnEscape={!galleryOpen}>
      <Stack gap="sm">
        {/* Going live and the marketplace wait for a verified address (issue 18). */}
        <VerifyEmailNotice compact />
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
          open={marketOpen}
          onToggle={() => {
            setMarketOpen((o) => !o);
            setMarketSeen(true);
          }}
        >
          <Title order={4} data-testid="marketplace-title">
            {marketplaceTitle(status, editing)}
          </Title>
          {(marketOpen || marketSeen) && (
            <MarketplaceSection
              appId={appId}
              previewUrl={previewUrl}
              editing={editing}
              onEditingChange={setEditing}
              onOpenLive={() => {
                setLiveOpen(true);
                setMarketOpen(false);
              }}
              onClose={onClose}
              onGallery={setGalleryOpen}
            />
          )}
        </Section>
      </Stack>
    </Modal>
  );
}
