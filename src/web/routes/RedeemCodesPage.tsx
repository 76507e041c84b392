// /dashboard/redeemappsumocodes (owner, issue 18): redeem lifetime-deal codes. One code puts the
// workspace on the lifetime plan for good; up to three stack, each raising the limits (the tiers
// come from shared/rules/plans.ts and are shown here). A refused code says why (the server's words).
import { Alert, AppShell, Badge, Button, Card, Container, Group, Stack, Table, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconGift } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { appsText, FREE_LIMITS, LIFETIME_TIERS, MAX_STACKED_CODES, PLAN_LABELS, PLAN_MESSAGES, storageText } from '../../shared/rules/plans';
import { Loading } from '../components/Loading';
import { OwnerModals } from '../components/OwnerModals';
import { usePlan, useRedeemCode } from '../features/billing/plan-api';
import { day } from '../features/billing/PlanCard';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { messageOf } from '../lib/api';
import { toast } from '../lib/toast';

export function RedeemCodesPage() {
  useDocumentTitle('Redeem lifetime codes · Sheetboard');
  const plan = usePlan();
  const redeem = useRedeemCode();
  const [code, setCode] = useState('');
  const held = plan.data?.codes.count ?? 0;
  const full = held >= MAX_STACKED_CODES;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    redeem.mutate(code, {
      onSuccess: (p) => {
        setCode('');
        toast.success('Code redeemed', `Your workspace now has ${p.codes.count} of ${p.codes.max} codes.`);
      },
    });
  };

  return (
    <OwnerModals>
      <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
        <AppShell.Header>
          <DashboardHeader />
        </AppShell.Header>
        <AppShell.Main>
          <Container size="sm" py="md" px={0}>
            <Stack gap="lg">
              <div>
                <Title order={2}>Redeem lifetime codes</Title>
                <Text c="dimmed" size="sm">
                  Bought a lifetime deal? Enter your code to put this workspace on a paid plan for good. Up to {MAX_STACKED_CODES} codes stack, and each one raises your limits.
                </Text>
              </div>
              {plan.isPending ? (
                <Loading text="Loading your plan..." />
              ) : plan.isError ? (
                <Alert color="red" variant="light" role="alert" title={PLAN_MESSAGES.checkFailed}>
                  {messageOf(plan.error)}
                </Alert>
              ) : (
                <>
                  <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} aria-label="Redeem a code">
                    <Stack gap="sm">
                      <Group gap="sm" wrap="nowrap">
                        <ThemeIcon size={40} radius="md" variant="light" color="grape">
                          <IconGift size={24} />
                        </ThemeIcon>
                        <div>
                          <Group gap="xs">
                            <Text fw={700}>{PLAN_LABELS[plan.data.plan]}</Text>
                            <Badge variant="light" color={held > 0 ? 'grape' : 'gray'} data-testid="codes-held">
                              {held} of {MAX_STACKED_CODES} codes
                            </Badge>
                          </Group>
                          <Text size="sm" c="dimmed">
                            {full ? 'Your workspace has every code that stacks.' : 'Codes look like SB-XXXX-XXXX-XXXX.'}
                          </Text>
                        </div>
                      </Group>
                      <Group align="flex-start" gap="sm" wrap="wrap">
                        <TextInput
                          label="Code"
                          placeholder="SB-XXXX-XXXX-XXXX"
                          value={code}
                          onChange={(e) => setCode(e.currentTarget.value)}
                          maxLength={64}
                          disabled={full}
                          autoComplete="off"
                          spellCheck={false}
                          style={{ flex: 1, minWidth: 220 }}
                          error={redeem.isError ? messageOf(redeem.error) : undefined}
                        />
                        <Button type="submit" mt={25} loading={redeem.isPending} disabled={full || !code.trim()}>
                          Redeem
                        </Button>
                      </Group>
                    </Stack>
                  </Card>

                  <Card withBorder radius="md" padding="lg">
                    <Stack gap="sm">
                      <Title order={3} size="h4">
                        What each code gives
                      </Title>
                      <Table.ScrollContainer minWidth={360}>
                        <Table aria-label="Lifetime tiers">
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>Codes</Table.Th>
                              <Table.Th>Apps</Table.Th>
                              <Table.Th>Files</Table.Th>
                              <Table.Th>Embed</Table.Th>
                            </Table.Tr>
                          </Table.Thead>
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
                      {plan.data.codes.redeemed.length > 0 && (
                        <Text size="sm" c="dimmed">
                          Redeemed: {plan.data.codes.redeemed.map((c) => `…${c.hint} on ${day(c.redeemed_at)}`).join(', ')}.
                        </Text>
                      )}
                      <Text size="sm">
                        <Link to="/dashboard/accountbilling">See your plan and billing</Link>
                      </Text>
                    </Stack>
                  </Card>
                </>
              )}
            </Stack>
          </Container>
        </AppShell.Main>
      </AppShell>
    </OwnerModals>
  );
}
