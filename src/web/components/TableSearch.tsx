import { useId } from 'react';
import './TableSearch.css';

interface TableSearchProps {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** "12 of 40 shown", announced politely as the search changes. */
  status?: string;
}

/** A labelled search field above a table, with the count of rows shown. */
export function TableSearch({ label, value, onChange, placeholder, status }: TableSearchProps) {
  const id = useId();
  return (
    <div className="table-search">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} autoComplete="off" spellCheck={false} />
      </div>
      {status ? (
        <p className="table-search-status muted" role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}

/** Whether every word of the query is in one of the texts (case-insensitive). */
export function matchesSearch(query: string, texts: readonly (string | null | undefined)[]): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.filter(Boolean).join(' ').toLowerCase();
  return words.every((w) => haystack.includes(w));
}
