import { translate } from "../i18n/useT";
import { networkGate, useOnline } from "../lib/online";
import {
  useEffect,
  useId,
  useRef,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
  type TextareaHTMLAttributes,
  type SelectHTMLAttributes,
} from "react";

type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

export function Button({
  variant = "primary",
  busy = false,
  className = "",
  children,
  disabled,
  type = "button",
  needsNetwork = false,
  title,
  "aria-describedby": describedBy,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  busy?: boolean;
  /** It sends something: disabled offline, with the reason (lib/online.ts networkGate). */
  needsNetwork?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  const online = useOnline();
  const gate = networkGate(
    online || !needsNetwork,
    { disabled: disabled || busy, describedBy, title },
    translate("common.needsNetwork"),
  );
  return (
    <button
      {...rest}
      type={type}
      className={`btn btn-${variant} ${className}`}
      disabled={gate.disabled}
      title={gate.title}
      aria-describedby={gate["aria-describedby"]}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
      {children}
    </button>
  );
}

interface FieldProps {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
}

/** What a field's control carries to be tied to its label, hint and error. */
interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** The label, hint and error around one control, the error announced and tied to it with aria-describedby. */
function Field({
  label,
  error,
  hint,
  id,
  className,
  control,
}: FieldProps & {
  id: string | undefined;
  className?: string | undefined;
  control: (props: ControlProps) => ReactNode;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={["field", error && "field-invalid", className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId}>{label}</label>
      {control({
        id: inputId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  id,
  className,
  ...rest
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      className={className}
      control={(control) => <input {...control} {...rest} />}
    />
  );
}

export function TextArea({
  label,
  error,
  hint,
  id,
  ...rest
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} hint={hint} id={id} control={(control) => <textarea {...control} {...rest} />} />
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  children,
  ...rest
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(control) => (
        <select {...control} {...rest}>
          {children}
        </select>
      )}
    />
  );
}

/** The default texts below come from `translate` at render: these render inside screens, which render again in a new language. */
/**
 * Before a first answer: a spinner, or without a network a plain offline state. A query waits, paused,
 * for the network (ADR 0016), so a spinner would turn forever.
 */
export function Loading({ label, offlineText }: { label?: string; offlineText?: string }) {
  const online = useOnline();
  if (!online) {
    return (
      <div className="alert alert-warning offline-state" role="status">
        {offlineText ?? translate("common.offlineText")}
      </div>
    );
  }
  return <Spinner label={label} />;
}

export function Spinner({ label }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? translate("common.loading")}</span>
    </div>
  );
}

export function Card({
  children,
  className = "",
  ...rest
}: { children: ReactNode; className?: string } & React.HTMLAttributes<HTMLElement>) {
  return (
    <section className={`card ${className}`} {...rest}>
      {children}
    </section>
  );
}

export function Alert({
  type = "error",
  children,
}: {
  type?: "error" | "info" | "success" | "warning";
  children: ReactNode;
}) {
  return (
    <div className={`alert alert-${type}`} role={type === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/**
 * A modal on the native <dialog>: focus moves in and is trapped by the browser, Escape closes,
 * and focus returns to what opened it.
 */
export function Modal({
  title,
  open,
  onClose,
  children,
  footer,
  initialFocus,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Where focus starts (issue 43: the safe action), rather than the first button the browser finds. */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      initialFocus?.current?.focus();
      return () => opener?.focus?.();
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open, initialFocus]);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="modal-body">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {children}
          {footer && <div className="modal-footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

/** A destructive change asked about first; every confirmation sends something, so its button needs the network. */
export function ConfirmModal({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onClose,
  details,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  /** More than the question: what confirming will do (issue 43, the Leave dialog), below it. */
  details?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title={title}
      open={open}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel ?? translate("common.cancel")}
          </Button>
          <Button variant="danger" needsNetwork onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
      {details}
    </Modal>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h3>{title}</h3>
      {children}
    </div>
  );
}
