// Under the Publish URL, when it names a domain of the owner's: whether that domain is proved (it
// serves the app only then), the DNS record that proves it, and Verify. GET and POST
// /api/apps/{id}/custom-domain[/verify] (server/modules/apps/custom-domain.ts).
import { Alert, Button, Code, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CustomDomainResponse } from '../../shared/api';
import { api, type Out } from '../lib/api';

type Answer = Out<typeof CustomDomainResponse>;

export const customDomainKey = (appId: string) => ['custom-domain', appId] as const;
const pathOf = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/custom-domain`;

/** Loads the domain's state into the cache; true when a domain of the owner's still waits for Verify. */
export async function domainAwaitsVerify(qc: QueryClient, appId: string): Promise<boolean> {
  const answer = await qc.fetchQuery({ queryKey: customDomainKey(appId), queryFn: () => api.get<Answer>(pathOf(appId)), staleTime: 0 });
  return !!answer.customDomain && !answer.customDomain.verified;
}

export function CustomDomainStatus({ appId }: { appId: string }) {
  const qc = useQueryClient();
  const path = pathOf(appId);
  const query = useQuery({ queryKey: customDomainKey(appId), queryFn: () => api.get<Answer>(path) });
  const verify = useMutation({
    mutationFn: () => api.post<Answer>(`${path}/verify`),
    onSuccess: (answer) => qc.setQueryData(customDomainKey(appId), answer),
  });
  // A Verify answer replaces the cached state, so its `problem` shows until the next load.
  const domain = query.data?.customDomain;
  if (!domain) return null;
  if (domain.verified)
    return (
      <Alert color="green" title={`${domain.host} is verified`} role="status" py="xs">
        This domain serves your app.
      </Alert>
    );
  return (
    <Alert color="yellow" title={`Verify ${domain.host}`} py="xs" role="region">
      <Stack gap="xs">
        <Text size="sm">
          Your domain shows this app once you prove it is yours. At your domain&apos;s DNS provider, add this record, then press Verify.
        </Text>
        <Table withTableBorder withColumnBorders fz="sm" aria-label="DNS record">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={70}>Type</Table.Th>
              <Table.Td>
                <Code>{domain.record.type}</Code>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Td>
                <Code>{domain.record.name}</Code>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Value</Table.Th>
              <Table.Td>
                <Code style={{ wordBreak: 'break-all' }}>{domain.record.value}</Code>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {(domain.problem || verify.error) && (
          <Text size="sm" c="red" role="alert">
            {domain.problem ?? (verify.error as Error).message}
          </Text>
        )}
        <div>
          <Button type="button" size="xs" loading={verify.isPending} onClick={() => verify.mutate()}>
            Verify
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
