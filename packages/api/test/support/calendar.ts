/**
 * Tests read every calendar file the app writes with a real iCalendar parser (ical.js), never with
 * string matching: values come back unescaped and unfolded, exactly as a calendar app would see them.
 */
import ICAL from "ical.js";

export interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  description: string;
  url: string | null;
  start: Date;
  end: Date;
}

export interface ParsedCalendar {
  method: string | null;
  name: string | null;
  events: ParsedEvent[];
}

export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const text_ = (component: ICAL.Component, name: string) => {
    const value = component.getFirstPropertyValue(name);
    return value === null ? null : String(value);
  };
  return {
    method: text_(calendar, "method"),
    name: text_(calendar, "x-wr-calname") ?? text_(calendar, "name"),
    events: calendar.getAllSubcomponents("vevent").map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        sequence: event.sequence,
        status: text_(component, "status"),
        summary: event.summary,
        description: event.description,
        url: text_(component, "url"),
        start: event.startDate.toJSDate(),
        end: event.endDate.toJSDate(),
      };
    }),
  };
}
