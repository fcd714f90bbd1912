import type { ErrorKey, KeyedMessage, MessageKey } from "@hyn/validators/messages";
import { useState, type FormEvent } from "react";
import { errorText } from "../../i18n/errorText";
import { errorKey, errorMessage } from "../../lib/trpc";
import { focusFirstError } from "../focus-first-error";
import { useToast } from "../Toasts";

/** A field's error: a message key of @hyn/validators (with its values when it has any), said in the page's language. */
export type FieldError = MessageKey | KeyedMessage;
export type FormErrors<Field extends string> = Partial<Record<Field, FieldError>>;

/** The names of a form's fields that hold text (the ones `field(name)` wires to an input). */
type TextFieldOf<Values> = Extract<{ [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values], string>;

/** What a text input, select or date field takes from the form: spread it onto `TextField`, `TextArea`... */
export interface FieldProps {
  id: string | undefined;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: string | undefined;
  maxLength: number | undefined;
}

export interface FormOptions<Values, Field extends string, Input> {
  /**
   * What the form starts from, read on every render: a field not changed yet follows it, so a form opened on
   * something the server sends (a series to edit, the signed-in user's name) shows it once it comes.
   * `reset()` goes back to it.
   */
  initial: Values;
  /** The element id of each field that can be in error, in the order the form shows them (the focus order). */
  ids: Readonly<Record<Field, string>>;
  /** Each text field's most characters, from @hyn/validators' policy constants (never a number here). */
  maxLengths?: Partial<Record<TextFieldOf<Values>, number>>;
  /** The form's own checks: its errors, or the input to send. */
  validate: (values: Values) => { errors: FormErrors<Field>; input: Input | null };
  /** Sends the input; throws the server's refusal. After it, the form starts again from `initial`. */
  send: (input: Input) => Promise<void>;
  /** The server's refusals that belong to a field, by message key (ADR 0020): said under it, not as a toast. */
  fieldOfKey?: Partial<Record<ErrorKey, Field>>;
  /** The toast for a refusal no field owns, when the server says nothing (offline, a network failure). */
  failureText: string;
  /** What was typed stays after sending (a page that may come back to it), rather than starting again from `initial`. */
  keepValues?: boolean;
  /** After a refusal said as a toast (what it refused may have changed meanwhile: read it again). */
  afterToast?: () => void;
}

/**
 * The web's one form model (issue 39 §3): the values as typed, `field(name)` with what an input needs, the
 * form's own checks on submit with the focus on the first field in error, a server refusal whose message key
 * a field owns said under that field (and focused), any other a toast, and nothing typed lost on a refusal.
 */
export function useForm<Values extends object, Field extends string, Input>(
  options: FormOptions<Values, Field, Input>,
) {
  const toast = useToast();
  // The fields changed so far; the others follow `initial` (a name filled in from the user, once known).
  const [draft, setDraft] = useState<Partial<Values>>({});
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const values: Values = { ...options.initial, ...draft };

  function set<K extends keyof Values>(name: K, value: Values[K]) {
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => (e[name as unknown as Field] ? { ...e, [name]: undefined } : e));
  }

  function reset() {
    setDraft({});
    setErrors({});
  }

  function shown(name: Field): string | undefined {
    const error = errors[name];
    return error ? errorText(error) : undefined;
  }

  function field(name: TextFieldOf<Values>): FieldProps {
    return {
      id: (options.ids as Partial<Record<string, string>>)[name],
      name,
      value: values[name] as string,
      onChange: (event) => set(name, event.target.value as Values[typeof name]),
      error: shown(name as unknown as Field),
      maxLength: options.maxLengths?.[name],
    };
  }

  function refuse(found: FormErrors<Field>) {
    setErrors(found);
    focusFirstError(options.ids, found);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    const { errors: found, input } = options.validate(values);
    if (!input) return refuse(found);
    setErrors({});
    setBusy(true);
    try {
      await options.send(input);
      if (!options.keepValues) reset();
    } catch (error) {
      const key = errorKey(error);
      const owner = key ? options.fieldOfKey?.[key] : undefined;
      if (key && owner) refuse({ [owner]: serverError(error, key) } as FormErrors<Field>);
      else {
        toast.error(errorMessage(error, options.failureText));
        options.afterToast?.();
      }
    } finally {
      setBusy(false);
    }
  }

  return { values, set, reset, field, errors, shown, busy, submit, dirty: Object.keys(draft).length > 0 };
}

/** The refusal's key with the values its text takes (`data.messageValues`), so the field says it in the page's language. */
function serverError(error: unknown, key: ErrorKey): FieldError {
  const values = (error as { data?: { messageValues?: unknown } } | null)?.data?.messageValues;
  return (values ? { key, values } : { key }) as KeyedMessage;
}
