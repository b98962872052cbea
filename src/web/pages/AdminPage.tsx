import { ComingSoon } from '../components/ComingSoon';

/** /admin: only admins reach this page (see RequireAdmin in App.tsx). */
export default function AdminPage() {
  return (
    <ComingSoon title="Admin">
      <p>Trigger the rookie draft, update player salaries and retire players.</p>
    </ComingSoon>
  );
}
