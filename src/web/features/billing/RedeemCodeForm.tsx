// Redeem a lifetime-deal code: the plan and how many codes the workspace holds, the code field
// (off once every code that stacks is in), and the server's words when it refuses a code.
import { Badge, Button, Card, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { PlanStatus } from '../../../shared/api/billing';
import { MAX_STACKED_CODES, PLAN_LABELS } from '../../../shared/rules/plans';
import { messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useRedeemCode } from './plan-api';

export function RedeemCodeForm({ plan }: { plan: PlanStatus }) {
  const redeem = useRedeemCode();
  const [code, setCode] = useState('');
  const held = plan.codes.count;
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
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} aria-label="Redeem a code">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" color="grape">
            <IconGift size={24} />
          </ThemeIcon>
          <div>
            <Group gap="xs">
              <Text fw={700}>{PLAN_LABELS[plan.plan]}</Text>
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
  );
}
