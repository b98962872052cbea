import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from './PageTitle';

interface ComingSoonProps {
  title: string;
  documentTitle?: string;
  /** What the page will offer once it is built. */
  children?: ReactNode;
}

/** A page whose route exists but whose content is not built yet, saying so plainly. */
export function ComingSoon({ title, documentTitle, children }: ComingSoonProps) {
  return (
    <>
      <PageTitle title={title} {...(documentTitle ? { documentTitle } : {})} />
      <div className="card coming-soon">
        <p className="coming-soon-lead">This page is coming soon.</p>
        {children ? <div className="coming-soon-text">{children}</div> : null}
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </div>
    </>
  );
}
