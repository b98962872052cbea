import type { ReactNode } from 'react';

/** A column header of numbers (shares, prices, totals): right-aligned like the column. */
export function NumHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="num">
      {children}
    </th>
  );
}
