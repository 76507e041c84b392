// /dashboard/account (issue 18): the owner's account (name, e-mail address with its verification,
// password, sessions), the workspace's editors (the section that used to be the whole page), and
// deleting the account. Contracts and messages: shared/api/account.ts.
import { Divider } from '@mantine/core';
import { Notice } from '../components/Notice';
import { PageHeading } from '../components/PageHeading';
import { useAccount } from '../features/account/account-queries';
import { DeleteAccountCard } from '../features/account/DeleteAccountCard';
import { EmailCard } from '../features/account/EmailCard';
import { PasswordCard } from '../features/account/PasswordCard';
import { ProfileCard } from '../features/account/ProfileCard';
import { SessionsCard } from '../features/account/SessionsCard';
import { DashboardFrame } from '../features/dashboard/DashboardFrame';
import { WorkspaceEditorsSection } from '../features/workspace/WorkspaceEditorsSection';

export function AccountPage() {
  const account = useAccount();
  return (
    <DashboardFrame title="Account · Sheetboard" size="md" gap="xl">
      <PageHeading order={1} size="h2" title="Your account" description="Your name, e-mail address, password and sessions, and the people who edit your workspace." />
      {account.isError && <Notice tone="error">{account.error.message}</Notice>}
      {account.data && (
        <>
          <ProfileCard account={account.data} />
          <EmailCard account={account.data} />
          <PasswordCard />
        </>
      )}
      <SessionsCard />
      <Divider />
      <WorkspaceEditorsSection />
      <Divider />
      {account.data && <DeleteAccountCard account={account.data} />}
    </DashboardFrame>
  );
}
