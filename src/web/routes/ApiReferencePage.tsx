// /dashboard/developerlogin/reference (issue 18): the REST API reference, rendered from the
// OpenAPI document the server generates from its routes' zod schemas (GET /api/openapi.json).
// Served by the app, no remote assets.
import { Anchor, Group, Loader } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RetryAlert } from '../components/RetryAlert';
import { DashboardFrame } from '../features/dashboard/DashboardFrame';
import { ApiReference } from '../features/developer/ApiReference';
import { useOpenApiDocument } from '../features/developer/developer-api';

export function ApiReferencePage() {
  const doc = useOpenApiDocument();
  return (
    <DashboardFrame title="API reference · Sheetboard" size="lg" gap="lg">
      <Anchor component={Link} to="/dashboard/developerlogin" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Developer
        </Group>
      </Anchor>
      {doc.isPending && <Loader aria-label="Loading the API reference" />}
      {doc.isError && <RetryAlert title="The API reference could not be loaded" error={doc.error} onRetry={() => void doc.refetch()} retrying={doc.isFetching} />}
      {doc.data && <ApiReference doc={doc.data} />}
    </DashboardFrame>
  );
}
