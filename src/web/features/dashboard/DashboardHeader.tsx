import { BrandLink } from '../../components/BrandLink';
import { Badge, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconBrandStripe, IconChevronDown, IconCode, IconGift, IconLogout, IconSettings, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { keys, useMe, useWorkspace } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher';
import { useWorkspaces } from '../workspaces/api';

export function DashboardHeader() {
  const me = useMe();
  const workspace = useWorkspace();
  const workspaces = useWorkspaces();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const logout = async () => {
    try {
      await api.post('/api/auth/logout');
    } catch (e) {
      toast.error('Sign out failed', (e as Error).message);
      return;
    }
    qc.clear();
    qc.setQueryData(keys.me, null);
    navigate('/dashboard/auth', { replace: true });
  };

  const free = workspace.data?.is_free_plan;
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <BrandLink to="/dashboard" label="Sheetboard dashboard" />
        {/* Several workspaces per owner (issue 18). */}
        <WorkspaceSwitcher />
      </Group>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {workspace.data && (
          <Tooltip label={free ? 'Embedding and other extras come with a paid plan' : 'All features unlocked'}>
            <Badge component={Link} to="/dashboard/accountbilling" variant="light" color={free ? 'gray' : 'teal'} size="lg" data-testid="plan-badge" style={{ flexShrink: 0, cursor: 'pointer' }} visibleFrom="sm">
              {free ? 'Free plan' : 'Pro plan'}
            </Badge>
          </Tooltip>
        )}
        {/* Only a workspace's owner manages its editors. */}
        {workspaces.data?.find((w) => w.current)?.role !== 'editor' && (
        <Tooltip label="People who may edit every app of your workspace">
          <Button
            component={Link}
            to="/dashboard/account"
            variant={pathname === '/dashboard/account' ? 'light' : 'subtle'}
            color="dark"
            leftSection={<IconUsers size={16} />}
            aria-current={pathname === '/dashboard/account' ? 'page' : undefined}
            aria-label="Editors"
            px="xs"
            style={{ flexShrink: 0 }}
          >
            {/* On a phone the icon alone, so the account name keeps its room. */}
            <Text span visibleFrom="sm" inherit>
              Editors
            </Text>
          </Button>
        </Tooltip>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle" color="dark" rightSection={<IconChevronDown size={14} />} aria-label="Account menu" miw={0} maw={{ base: 220, sm: 260 }} px="xs" title={me.data?.name}>
              <Text span inherit truncate data-testid="account-name">
                {me.data?.name ?? 'Account'}
              </Text>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{me.data?.email}</Menu.Label>
            <Menu.Item component={Link} to="/dashboard/account" leftSection={<IconSettings size={16} />}>
              Account settings
            </Menu.Item>
            <Menu.Item component={Link} to="/dashboard/accountbilling" leftSection={<IconBrandStripe size={16} />}>
              Plan and billing
            </Menu.Item>
            <Menu.Item component={Link} to="/dashboard/redeemappsumocodes" leftSection={<IconGift size={16} />}>
              Redeem a lifetime code
            </Menu.Item>
            <Menu.Item component={Link} to="/dashboard/developerlogin" leftSection={<IconCode size={16} />}>
              Developer (API tokens)
            </Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={logout}>
              Log out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
