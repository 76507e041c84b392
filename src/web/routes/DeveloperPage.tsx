// /dashboard/developerlogin (issue 18): the owner's personal API tokens. Create one with a name
// and a scope (shown once, with a copy button and an example call), see each token's scope,
// creation and last use, revoke it. Links to the API reference. Contract: shared/api/developer.ts.
import { Button } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../components/PageHeading';
import { DashboardFrame } from '../features/dashboard/DashboardFrame';
import { CreateTokenForm } from '../features/developer/CreateTokenForm';
import { TokensTable } from '../features/developer/TokensTable';

export function DeveloperPage() {
  // A token revoked right after it was made takes its secret and example call off the screen.
  const [revoked, setRevoked] = useState<string[]>([]);
  return (
    <DashboardFrame title="Developer · Sheetboard" size="md" gap="lg">
      <PageHeading
        title="Developer"
        description="Personal API tokens let your scripts use the Sheetboard REST API as you. Keep them secret, like a password."
        action={
          <Button component={Link} to="/dashboard/developerlogin/reference" variant="light" leftSection={<IconBook size={16} />}>
            API reference
          </Button>
        }
      />
      <CreateTokenForm revokedIds={revoked} />
      <TokensTable onRevoked={(id) => setRevoked((r) => [...r, id])} />
    </DashboardFrame>
  );
}
