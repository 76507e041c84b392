// Where Stripe Checkout sends the buyer of a template back. Coming back proves nothing (only
// Stripe's signed webhook grants the purchase), so the success page asks the server about the
// payment until it is settled (features/templates/purchase-state.ts), then leads on to the clone
// modal; the fail page says nothing was charged.
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconCreditCardOff, IconReceiptRefund } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { ApiError, messageOf } from '../../lib/api';
import { useBaseUrl } from '../../lib/host';
import { TEMPLATE_REDIRECT_KEY } from '../auth/redirect';
import { templateKeys, templatePreviewPath, templatesApi } from '../templates/api';
import { nextPoll, PAYMENT_FAIL_TEXT, PAYMENT_TEXTS, paymentView, type PaymentView } from '../templates/purchase-state';
import { onBase } from '../templates/template-action';

const LOOK: Record<PaymentView, { color: string; icon: ReactNode }> = {
  confirming: { color: 'indigo', icon: <Loader size={28} color="indigo" /> },
  paid: { color: 'teal', icon: <IconCircleCheck size={34} /> },
  timeout: { color: 'yellow', icon: <IconClockHour4 size={34} /> },
  refunded: { color: 'gray', icon: <IconReceiptRefund size={34} /> },
  disputed: { color: 'red', icon: <IconAlertTriangle size={34} /> },
  expired: { color: 'gray', icon: <IconCreditCardOff size={34} /> },
};

function ResultCard({ color, icon, title, children, testId, view }: { color: string; icon: ReactNode; title: string; children: ReactNode; testId: string; view?: string }) {
  return (
    <Center py={{ base: 24, sm: 56 }}>
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" shadow="sm" data-testid={testId} data-view={view}>
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 22, sm: 26 }} aria-live="polite">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

const BrowseButton = ({ variant = 'default' }: { variant?: string }) => (
  <Button component={Link} to="/marketplace" variant={variant}>
    Browse the marketplace
  </Button>
);

export function NoSession() {
  return (
    <ResultCard color="gray" icon={<IconAlertTriangle size={34} />} title="We cannot tell which payment this is" testId="payment-result" view="no-session">
      <Text c="dimmed">This page needs the link Stripe sends you back with. If you paid, the template is on its page in the marketplace once Stripe confirms it.</Text>
      <BrowseButton variant="light" />
    </ResultCard>
  );
}

export function PurchaseStatus({ sessionId }: { sessionId: string }) {
  const base = useBaseUrl();
  // Answers counted from the start of this round of polling ('Check again' starts a new round).
  const [roundStart, setRoundStart] = useState(0);
  const qc = useQueryClient();
  const key = templateKeys.purchase(sessionId);
  const purchase = useQuery({
    queryKey: key,
    queryFn: () => templatesApi.purchase(sessionId),
    refetchInterval: (q) => nextPoll(q.state.data?.status, q.state.dataUpdateCount - roundStart),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

  if (purchase.isPending) return <ResultCard {...LOOK.confirming} title={PAYMENT_TEXTS.confirming.title} testId="payment-result" view="confirming"><Text c="dimmed">{PAYMENT_TEXTS.confirming.text}</Text></ResultCard>;

  if (purchase.isError && !purchase.data) {
    const e = purchase.error;
    if (e instanceof ApiError && e.status === 401)
      return (
        <ResultCard color="indigo" icon={<IconClockHour4 size={34} />} title="Please sign in to see your payment" testId="payment-result" view="sign-in">
          <Text c="dimmed">Payments belong to the account that made them. Sign in with it and you come straight back here.</Text>
          <Button component={Link} to="/dashboard/auth" onClick={() => localStorage.setItem(TEMPLATE_REDIRECT_KEY, window.location.href)}>
            Sign in
          </Button>
        </ResultCard>
      );
    const notFound = e instanceof ApiError && e.status === 404;
    return (
      <ResultCard color="red" icon={<IconAlertTriangle size={34} />} title={notFound ? 'Payment not found' : 'We could not check your payment'} testId="payment-result" view="error">
        <Text c="dimmed">{notFound ? TEMPLATE_MESSAGES.purchaseNotFound : messageOf(e)}</Text>
        <Group justify="center">
          {!notFound && (
            <Button variant="light" onClick={() => purchase.refetch()} loading={purchase.isFetching}>
              Try again
            </Button>
          )}
          <BrowseButton />
        </Group>
      </ResultCard>
    );
  }

  const p = purchase.data!;
  // The answers so far live in the query's cache entry (the observer does not carry the count);
  // reading dataUpdatedAt renders this again after every answer, even an unchanged one.
  const answers = purchase.dataUpdatedAt > 0 ? (qc.getQueryState(key)?.dataUpdateCount ?? 0) : 0;
  const view = paymentView(p.status, answers - roundStart);
  const { title, text } = PAYMENT_TEXTS[view];
  const t = p.template;
  const templatePage = t ? `/templates/${encodeURIComponent(t.slug)}` : null;

  return (
    <ResultCard {...LOOK[view]} title={title} testId="payment-result" view={view}>
      {t && (
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t.name}
        </Text>
      )}
      <Text c="dimmed">{text}</Text>
      {view === 'paid' && !t && <Text c="dimmed">The template has since left the marketplace.</Text>}
      {purchase.isError && view === 'confirming' && (
        <Alert color="yellow" variant="light" py="xs" w="100%">
          <Text size="sm">The connection hiccuped; we keep checking.</Text>
        </Alert>
      )}
      <Group justify="center" mt="xs">
        {view === 'paid' && t && (
          <Button component="a" href={onBase(base.data, templatePreviewPath(t, { openCloneModal: true }))} data-testid="payment-use-template">
            {TEMPLATE_MESSAGES.useTemplate}
          </Button>
        )}
        {view === 'timeout' && (
          <Button
            variant="light"
            loading={purchase.isFetching}
            onClick={() => {
              setRoundStart(answers);
              void purchase.refetch();
            }}
          >
            Check again
          </Button>
        )}
        {templatePage && view !== 'confirming' && (
          <Button component={Link} to={templatePage} variant="default">
            Back to the template
          </Button>
        )}
        {(view === 'paid' || !templatePage) && view !== 'confirming' && (
          <Button component={Link} to="/dashboard" variant="default">
            Go to your dashboard
          </Button>
        )}
      </Group>
    </ResultCard>
  );
}

/** Nothing was charged: back to the template (`slug`, when the address names one) or the marketplace. */
export function PaymentFailed({ slug }: { slug: string }) {
  return (
    <ResultCard color="orange" icon={<IconCreditCardOff size={34} />} title={PAYMENT_FAIL_TEXT.title} testId="payment-fail">
      <Text c="dimmed">{PAYMENT_FAIL_TEXT.text}</Text>
      <Group justify="center" mt="xs">
        {slug && (
          <Button component={Link} to={`/templates/${encodeURIComponent(slug)}`}>
            Back to the template
          </Button>
        )}
        <BrowseButton variant={slug ? 'default' : 'filled'} />
      </Group>
    </ResultCard>
  );
}
