// A password input with its label and a show/hide toggle (login, prepaid card).
import { useId, useState } from "react";
import { useTranslation } from "../lib/use-translation.ts";

export function PasswordField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  autoComplete: string;
  maxLength: number;
  describedBy?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reveal, setReveal] = useState(false);
  // The label names the input alone ("Password"); the toggle is a button with its own name beside it.
  return (
    <div className="sf-field">
      <label htmlFor={id}>{props.label}</label>
      <span className="sf-field__row">
        <input
          id={id}
          {...(props.name ? { name: props.name } : {})}
          type={reveal ? "text" : "password"}
          autoComplete={props.autoComplete}
          value={props.value}
          maxLength={props.maxLength}
          aria-describedby={props.describedBy}
          onChange={(e) => props.onChange(e.target.value)}
        />
        <button type="button" className="sf-field__toggle" aria-pressed={reveal} aria-controls={id} onClick={() => setReveal((r) => !r)}>
          {t(reveal ? "login.hidePassword" : "login.showPassword")}
        </button>
      </span>
    </div>
  );
}
