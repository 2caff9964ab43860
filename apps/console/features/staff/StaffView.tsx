import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { StaffMember } from '../../../../lib/api/staff-contract.ts';
import { SectionView } from '../../shell/SectionView.tsx';
import { staffApi } from '../../shell/staff-api.ts';
import { AddMemberForm } from './AddMemberForm.tsx';
import { MemberCard } from './MemberCard.tsx';
import { NoticeLine } from './NoticeLine.tsx';
import { OwnPasswordForm } from './OwnPasswordForm.tsx';
import { staffAccountCalls, type StaffAccountCalls } from './staff-client.ts';
import { $staffTeam, addMember, changeMember, refreshTeam, removeMember, resetMemberPassword } from './store.ts';
import { lastOwnerReason } from './team.ts';

const calls = (): Promise<StaffAccountCalls> => staffApi().then(staffAccountCalls);

/** The owner's team: every account with what can be done to it, and a new member added. */
function Team({ me }: { me: StaffMember }) {
  const team = useStore($staffTeam);
  const refresh = () => calls().then(refreshTeam, () => undefined);

  useEffect(() => {
    void refresh();
  }, []);

  const now = new Date();
  const disabled = team.accounts.filter((account) => account.disabled).length;
  return (
    <SectionView
      title="Staff"
      width="narrow"
      onRefresh={refresh}
      summary={`${team.accounts.length} ${team.accounts.length === 1 ? 'member' : 'members'}${disabled > 0 ? `, ${disabled} disabled` : ''}`}
      problem={team.problem}
      loaded={team.loaded}
      loadingText="Loading the staff…"
      emptyText={null}
      after={<OwnPasswordForm calls={calls} />}
    >
      <AddMemberForm
        adding={team.adding}
        onAdd={(account) =>
          calls().then(
            (loaded) => addMember(loaded, account),
            () => false,
          )
        }
      />
      <NoticeLine notice={team.notice} />
      <h2 className="mt-6 text-xl font-bold tracking-tight">Members</h2>
      <ul className="mt-3 grid gap-3" aria-label="Staff members, by name">
        {team.accounts.map((account) => (
          <li key={account.staffId} className="min-w-0">
            <MemberCard
              account={account}
              isMe={account.staffId === me.staffId}
              lastOwner={lastOwnerReason(team.accounts, account)}
              saving={team.saving[account.staffId]}
              notice={team.notices[account.staffId]}
              now={now}
              onChange={(staffId, change) => void calls().then((loaded) => changeMember(loaded, staffId, change))}
              onRemove={(staffId) => void calls().then((loaded) => removeMember(loaded, staffId))}
              onResetPassword={(staffId, password) =>
                calls().then(
                  (loaded) => resetMemberPassword(loaded, staffId, password),
                  () => false,
                )
              }
            />
          </li>
        ))}
      </ul>
    </SectionView>
  );
}

/** The Staff section: the owner manages the shop's team; every member changes their own password. */
export default function StaffView({ me }: { me: StaffMember }) {
  if (me.role === 'owner') return <Team me={me} />;
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 pb-12 print:hidden">
      <h1 className="pt-4 text-3xl font-bold tracking-tight">Staff</h1>
      <p className="mt-1 text-muted-foreground">
        Signed in as {me.name} ({me.email}). The shop&apos;s owner adds and removes staff.
      </p>
      <OwnPasswordForm calls={calls} />
    </main>
  );
}
