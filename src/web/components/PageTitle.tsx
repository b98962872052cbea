import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';

interface PageTitleProps {
  /** The page's heading; also the browser tab's title ("Market · Hoops Exchange"). */
  title: string;
  /** The tab title when it should differ from the heading. */
  documentTitle?: string | null;
  /** A line under the heading. */
  subtitle?: ReactNode;
  /** Buttons or links on the right of the heading. */
  actions?: ReactNode;
}

export function PageTitle({ title, documentTitle, subtitle, actions }: PageTitleProps) {
  useDocumentTitle(documentTitle === undefined ? title : documentTitle);
  return (
    <div className="page-title">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </div>
  );
}

/** Sets the tab title for a page that brings its own heading. */
export function DocumentTitle({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return <>{children}</>;
}
