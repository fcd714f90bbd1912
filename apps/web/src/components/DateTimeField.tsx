import { useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { i18n, loadNamespaces } from "../i18n/i18n";
import { useT } from "../i18n/useT";
import {
  browserFormLocale,
  fieldPlaceholder,
  formatFieldValue,
  nativeFieldWritesAsPage,
  parseFieldText,
  type DateFieldKind,
  type NumericDateFormat,
} from "../lib/date-field";
import { TextField } from "./ui";

// The page-language field's texts are the new-request form's (`asking`, loaded with it); the trip form gets
// them with this module. Until they are here the browser's own field stands in.
void loadNamespaces(["asking"]);
const FORMAT_KEY = "asking.dateFieldDate";

const NATIVE_TYPE: Record<DateFieldKind, "date" | "datetime-local"> = { date: "date", dateTime: "datetime-local" };

type ValueEvent = { target: { value: string } };

export interface DateTimeFieldProps {
  id: string;
  label: string;
  name: string;
  kind: DateFieldKind;
  /** As the native input holds it: "YYYY-MM-DD" or "YYYY-MM-DDTHH:mm", local time; or what was typed while it is no date. */
  value: string;
  onChange: (event: ValueEvent) => void;
  min?: string | undefined;
  max?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
}

/**
 * A date, or a date and a time, in the page's language (ADR 0028). Where the browser writes dates as the page
 * does its own field is kept (the phone's picker, typing by parts); elsewhere (a German page in an English
 * browser, an English page in an American one) a text field shows and reads the language's own numbers
 * ("05.03.2027, 18:00", "05/03/2027, 18:00"), with a button that opens the browser's picker.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  const t = useT();
  const [browserLocale] = useState(browserFormLocale);
  const native = nativeFieldWritesAsPage(browserLocale, i18n.locale) || i18n.messages[FORMAT_KEY] === undefined;
  if (native) {
    const { kind, ...field } = props;
    return <TextField {...field} type={NATIVE_TYPE[kind]} />;
  }
  const format: NumericDateFormat = {
    date: t(FORMAT_KEY, { day: "{day}", month: "{month}", year: "{year}" }),
    dateTime: t("asking.dateFieldDateTime", { date: "{date}", time: "{time}" }),
    letters: t("asking.dateFieldLetters"),
  };
  return <PageLanguageField {...props} format={format} pickerLabel={t("asking.dateFieldPicker")} />;
}

function PageLanguageField({
  id,
  label,
  name,
  kind,
  value,
  onChange,
  min,
  max,
  required,
  hint,
  error,
  format,
  pickerLabel,
}: DateTimeFieldProps & { format: NumericDateFormat; pickerLabel: string }) {
  const picker = useRef<HTMLInputElement>(null);
  const placeholder = fieldPlaceholder(format, kind);
  // What the text box shows, and the value (in which language) it shows: a value set from outside (a reset,
  // the picker, another language) is shown anew; one that came from typing keeps the typing as it is.
  const [text, setText] = useState(() => formatFieldValue(value, format, kind));
  const [shown, setShown] = useState({ value, placeholder });
  if (shown.value !== value || shown.placeholder !== placeholder) {
    setShown({ value, placeholder });
    setText(formatFieldValue(value, format, kind));
  }

  const emit = (next: string) => {
    setShown({ value: next, placeholder });
    onChange({ target: { value: next } });
  };
  const typed = (event: ChangeEvent<HTMLInputElement>) => {
    const typedText = event.target.value;
    setText(typedText);
    // Not (yet) a date: the form gets the text itself, which its checks refuse as they refuse an empty field.
    emit(parseFieldText(typedText, format, kind) ?? typedText);
  };
  const tidy = () => {
    const parsed = parseFieldText(text, format, kind);
    if (parsed) setText(formatFieldValue(parsed, format, kind));
  };
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    setText(formatFieldValue(event.target.value, format, kind));
    emit(event.target.value);
  };
  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // No picker here (an older browser): typing is the way.
      document.getElementById(id)?.focus();
    }
  };
  const pickerValue = formatFieldValue(value, format, kind) === value ? "" : value;

  return (
    <div className="date-field">
      <TextField
        id={id}
        label={label}
        hint={hint}
        error={error}
        name={name}
        type="text"
        value={text}
        onChange={typed}
        onBlur={tidy}
        placeholder={placeholder}
        required={required}
        autoComplete="off"
        spellCheck={false}
      />
      <button type="button" className="btn btn-secondary date-field-open" onClick={openPicker} title={pickerLabel}>
        <span className="visually-hidden">{pickerLabel}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2Zm12 8H5v9h14v-9ZM7 12h4v4H7v-4Z"
          />
        </svg>
      </button>
      {/* The browser's own picker, opened by the button: neither seen nor reached nor named. */}
      <input
        ref={picker}
        className="date-field-picker"
        type={NATIVE_TYPE[kind]}
        value={pickerValue}
        min={min}
        max={max}
        onChange={picked}
        aria-hidden="true"
        tabIndex={-1}
      />
    </div>
  );
}
