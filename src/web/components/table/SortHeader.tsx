interface SortHeaderProps {
  label: string;
  numeric?: boolean;
  className?: string | undefined;
  sorted: false | 'asc' | 'desc';
  /** Without it the column does not sort. */
  onSort: ((event: unknown) => void) | undefined;
}

/** A column header; a sortable one is a button that says which way the column is sorted. */
export function SortHeader({ label, numeric = false, className, sorted, onSort }: SortHeaderProps) {
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
  return (
    <th scope="col" className={[numeric ? 'num' : '', className ?? ''].join(' ').trim() || undefined} aria-sort={ariaSort}>
      {onSort ? (
        <button type="button" className="sort-button" onClick={onSort}>
          {label}
          <span className="sort-icon" aria-hidden="true">
            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
          </span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}
