import own from './catalog-admin.module.css';
import styles from './program-admin.module.css';

/** A labelled text area of a document's form: `mono` for JSON (no spell check); `flush` without the
 * catalogue's spacing around it (the program page's). */
export function DocumentTextArea({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  rows,
  mono,
  flush,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  rows?: number;
  mono?: boolean;
  flush?: boolean;
}) {
  return (
    <div className={flush ? undefined : own.area}>
      <label htmlFor={id}>
        <strong>{label}</strong>
      </label>
      {hint && <p id={`${id}-hint`}>{hint}</p>}
      <textarea
        id={id}
        className={mono ? styles.json : own.text}
        value={value}
        rows={rows}
        spellCheck={!mono}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
