import { useId, type InputHTMLAttributes } from 'react';
import styles from './ui.module.css';

export function Checkbox({ label, id, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={styles.checkbox}>
      <input id={inputId} type="checkbox" {...input} />
      <label htmlFor={inputId}>{label}</label>
    </div>
  );
}
