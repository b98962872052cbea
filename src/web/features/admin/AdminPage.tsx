import { PageTitle } from '../../components/PageTitle';
import { AuditSection } from './components/AuditSection';
import { DraftSection } from './components/DraftSection';
import { PlayersSection } from './components/PlayersSection';
import './admin.css';

/** /admin: only admins reach this page (see RequireAdmin in App.tsx). */
export default function AdminPage() {
  return (
    <>
      <PageTitle title="Admin" subtitle="Run the rookie draft, change salaries and retire players. Every action is written to the audit log." />
      <DraftSection />
      <PlayersSection />
      <AuditSection />
    </>
  );
}
