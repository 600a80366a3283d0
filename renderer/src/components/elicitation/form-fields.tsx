// The fields of an MCP server's form, one control per field kind. A field's problem shows once
// the person has touched it (or pressed Accept), and updates as they type.
import { useId } from 'react';
import type { FormField } from '../../../../shared/mcp';
import type { RawValue } from '../../../../shared/mcp-form';
import { VisibleText } from '../common/visible-text';

export interface FieldProps {
  field: FormField;
  value: RawValue;
  /** Shown only when set: the field was touched or the form was sent. */
  problem: string | undefined;
  disabled: boolean;
  onChange(value: RawValue): void;
  onTouch(): void;
}

const inputType: Record<string, string> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

export function FormFieldRow(p: FieldProps) {
  const id = useId();
  const { field } = p;
  const label = field.title ?? field.name;
  const noteId = `${id}-note`;
  const problemId = `${id}-problem`;
  const describedBy = [field.description ? noteId : '', p.problem ? problemId : ''].filter(Boolean).join(' ') || undefined;
  const common: Common = { id, disabled: p.disabled, 'aria-invalid': p.problem ? true : undefined, 'aria-describedby': describedBy, onBlur: p.onTouch };
  const isGroup = field.type === 'choices' || field.type === 'boolean';
  return (
    <div className="el-field" data-invalid={p.problem ? '' : undefined}>
      {!isGroup && (
        <label htmlFor={id} className="el-label">
          <VisibleText text={label} />
          {field.required && <span className="el-required"> (required)</span>}
        </label>
      )}
      <Control {...p} common={common} label={label} />
      {field.description && (
        <div id={noteId} className="el-note">
          <VisibleText text={field.description} />
        </div>
      )}
      {p.problem && (
        <div id={problemId} className="el-problem" role="alert">
          {p.problem}
        </div>
      )}
    </div>
  );
}

type Common = { id: string; disabled: boolean; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined; onBlur(): void };

function Control({ field, value, onChange, common, label }: FieldProps & { common: Common; label: string }) {
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'text':
      return (
        <input
          {...common}
          className="el-input"
          type={field.format ? inputType[field.format] : 'text'}
          value={text}
          required={field.required}
          maxLength={field.maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
      return (
        <input
          {...common}
          className="el-input el-number"
          type="number"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          step={field.integer ? 1 : 'any'}
          min={field.minimum}
          max={field.maximum}
          value={text}
          required={field.required}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'boolean':
      return (
        <label className="el-check">
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <VisibleText text={label} />
        </label>
      );
    case 'choice':
      return (
        <select {...common} className="el-input" value={text} required={field.required} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.required ? 'Choose…' : '(none)'}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'choices': {
      const picked = Array.isArray(value) ? value : [];
      return (
        <fieldset className="el-choices" aria-describedby={common['aria-describedby']} aria-invalid={common['aria-invalid']}>
          <legend className="el-label">
            <VisibleText text={label} />
            {field.required && <span className="el-required"> (required)</span>}
          </legend>
          {field.options.map((o) => (
            <label key={o.value} className="el-check">
              <input
                type="checkbox"
                disabled={common.disabled}
                checked={picked.includes(o.value)}
                onBlur={common.onBlur}
                onChange={(e) => onChange(e.target.checked ? [...picked, o.value] : picked.filter((v) => v !== o.value))}
              />
              <VisibleText text={o.label} />
            </label>
          ))}
        </fieldset>
      );
    }
    case 'unsupported':
      return (
        <p id={common.id} className="el-unsupported muted">
          clide cannot show this field: {field.reason}
        </p>
      );
  }
}
