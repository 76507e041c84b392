// What each number of lifetime codes gives (the tiers of shared/rules/plans.ts), the workspace's
// row marked, the codes it redeemed, and the way to the plan page.
import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { PlanStatus } from '../../../shared/api/billing';
import { appsText, FREE_LIMITS, LIFETIME_TIERS, storageText } from '../../../shared/rules/plans';
import { TableHead } from '../../components/ListTable';
import { day } from './PlanCard';

export function LifetimeTiers({ plan }: { plan: PlanStatus }) {
  const held = plan.codes.count;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          What each code gives
        </Title>
        <Table.ScrollContainer minWidth={360}>
          <Table aria-label="Lifetime tiers">
            <TableHead columns={['Codes', 'Apps', 'Files', 'Embed']} />
            <Table.Tbody>
              <Table.Tr data-current={held === 0 || undefined} bg={held === 0 ? 'gray.1' : undefined}>
                <Table.Td>None (free)</Table.Td>
                <Table.Td>{appsText(FREE_LIMITS.apps)}</Table.Td>
                <Table.Td>The server&apos;s quota</Table.Td>
                <Table.Td>No</Table.Td>
              </Table.Tr>
              {LIFETIME_TIERS.map((tier, i) => (
                <Table.Tr key={i} bg={held === i + 1 ? 'grape.0' : undefined} data-current={held === i + 1 || undefined}>
                  <Table.Td>
                    {i + 1} {i === 0 ? 'code' : 'codes'}
                    {held === i + 1 && (
                      <Badge ml="xs" size="xs" color="grape">
                        Yours
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{appsText(tier.apps)}</Table.Td>
                  <Table.Td>{storageText(tier.uploadMb!)}</Table.Td>
                  <Table.Td>Yes</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {plan.codes.redeemed.length > 0 && (
          <Text size="sm" c="dimmed">
            Redeemed: {plan.codes.redeemed.map((c) => `…${c.hint} on ${day(c.redeemed_at)}`).join(', ')}.
          </Text>
        )}
        <Text size="sm">
          <Link to="/dashboard/accountbilling">See your plan and billing</Link>
        </Text>
      </Stack>
    </Card>
  );
}
