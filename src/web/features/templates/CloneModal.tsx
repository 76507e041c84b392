// The clone modal of the use-template flow (shell §4): on a template's preview, a signed-in
// visitor names the new app and chooses "With the sample data" or "Structure only"; a paid
// template not bought yet offers Buy (Stripe Checkout) instead. After the copy: the editor, or
// the mapping step to bind the app to their own spreadsheet. A lazy chunk: guests never load it.
import { Alert, Anchor, Button, Center, Group, Loader, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconTable } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { DialogActions } from '../../components/DialogActions';
import { FormError } from '../../components/FormError';
import { issuesByPath } from '../../lib/api';
import { useBaseUrl } from '../../lib/host';
import { keys } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { templateKeys, templatesApi, useTemplate, type TemplateDetail } from './api';
import { cloneAddress, cloneNameProblem, cloneRefusal, mappingPath } from './clone-form';
import { lookupFailure } from './use-flow';

type Created = { id: string; name: string; subdomain: string };

/** The §8 text of a failed look-up (the same the toast shows). */
function failureText(status: number): string {
  const step = lookupFailure(status || undefined, '');
  return step.kind === 'fail' ? step.message : TEMPLATE_MESSAGES.loadFailed;
}

export function CloneModal({
  templateKey,
  onClose,
  onLoadFailed,
}: {
  /** Template id, slug, subdomain or name (§4's look-up). */
  templateKey: string;
  onClose: () => void;
  /** The template could not be found or loaded (the caller shows §8's text and moves on). */
  onLoadFailed: (status: number | undefined) => void;
}) {
  const template = useTemplate(templateKey);
  const failedStatus = template.isError ? ((template.error as { status?: number }).status ?? 0) : null;
  useEffect(() => {
    if (failedStatus !== null) onLoadFailed(failedStatus || undefined);
  }, [failedStatus, onLoadFailed]);

  const t = template.data;
  return (
    <Modal opened onClose={onClose} title={t ? `Use “${t.name}”` : 'Use template'} centered size="lg" data-testid="clone-modal">
      {!t ? (
        <Center py="xl">{failedStatus === null ? <Loader /> : <Text c="dimmed">{failureText(failedStatus)}</Text>}</Center>
      ) : t.can_clone ? (
        <CloneForm template={t} onClose={onClose} />
      ) : (
        <BuyFirst template={t} />
      )}
    </Modal>
  );
}

function CloneForm({ template: t, onClose }: { template: TemplateDetail; onClose: () => void }) {
  const qc = useQueryClient();
  const base = useBaseUrl().data ?? window.location.origin;
  const [name, setName] = useState(t.name.trim().slice(0, TEMPLATE_LIMITS.cloneNameMax));
  const [withData, setWithData] = useState<'data' | 'structure'>('data');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);

  const clone = useMutation({
    mutationFn: () => templatesApi.clone(t.id, { name: name.trim(), with_data: withData === 'data' }),
    onSuccess: ({ app }) => {
      void qc.invalidateQueries({ queryKey: keys.apps });
      void qc.invalidateQueries({ queryKey: templateKeys.origins });
      toast.success('App created', `${app.name} is in your workspace at /${app.subdomain}.`);
      setCreated(app);
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      if (byPath.name) setNameError(byPath.name);
    },
  });
  const refusal = clone.isError && !issuesByPath(clone.error).name ? cloneRefusal(clone.error, t.slug) : null;

  if (created)
    return (
      <Stack data-testid="clone-done">
        <Alert color="teal" variant="light" icon={<IconCheck size={18} />} title="Your app is ready">
          “{created.name}” is in your workspace. Open it to make it yours, or bind it to a spreadsheet of your own first.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconTable size={16} />} component="a" href={`${base.replace(/\/+$/, '')}${mappingPath(created.id)}`}>
            Use my own spreadsheet
          </Button>
          <Button component="a" href={`${base.replace(/\/+$/, '')}/${encodeURIComponent(created.subdomain)}`}>
            Open the editor
          </Button>
        </Group>
      </Stack>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = cloneNameProblem(name);
    setNameError(problem);
    if (!problem) clone.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Clone template">
      <Stack>
        <TextInput
          label="Name of your new app"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          error={nameError}
          description={cloneAddress(name, base)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          data-autofocus
        />
        <Radio.Group label="What to copy" value={withData} onChange={(v) => setWithData(v === 'structure' ? 'structure' : 'data')}>
          <Group grow align="stretch" mt={6}>
            <ChoiceCard value="data" title="With the sample data" text="The pages, blocks and the template's rows: see it working at once." />
            <ChoiceCard value="structure" title="Structure only" text="The pages and blocks with empty sheets, ready for your own rows." />
          </Group>
        </Radio.Group>
        {refusal && (
          <Alert color="red" variant="light" role="alert" data-testid="clone-error">
            {refusal.message}
            {refusal.buyPath && (
              <>
                {' '}
                <Anchor href={refusal.buyPath}>Buy it</Anchor>
              </>
            )}
          </Alert>
        )}
        <DialogActions onCancel={onClose} submit="Create" loading={clone.isPending} />
      </Stack>
    </form>
  );
}

function ChoiceCard({ value, title, text }: { value: string; title: string; text: string }) {
  return (
    <Radio.Card value={value} radius="md" p="md" aria-label={title}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator />
        <div>
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {text}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
}

/** A paid template the visitor has not bought: say so and offer Buy (Stripe Checkout). */
function BuyFirst({ template: t }: { template: TemplateDetail }) {
  const checkout = useMutation({
    mutationFn: () => templatesApi.checkout(t.id),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const pending = t.purchase_status === 'pending';
  return (
    <Stack data-testid="clone-buy-first">
      <Text>{TEMPLATE_MESSAGES.notPurchased}</Text>
      {pending && (
        <Alert color="blue" variant="light">
          A payment for this template was started but not confirmed yet. If you just paid, wait a moment and reload this page.
        </Alert>
      )}
      <FormError>{checkout.isError && (checkout.error as Error).message}</FormError>
      <Group justify="flex-end">
        <Button component="a" variant="default" href={`/templates/${encodeURIComponent(t.slug)}`}>
          See the details
        </Button>
        <Button onClick={() => checkout.mutate()} loading={checkout.isPending}>
          Buy for ${t.price.toFixed(2)}
        </Button>
      </Group>
    </Stack>
  );
}
